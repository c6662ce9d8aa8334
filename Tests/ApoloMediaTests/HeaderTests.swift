import ApoloFixtures
import Testing
@testable import ApoloMedia

@Suite struct SniffTests {
    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], ImageFormat.jpeg), (Build.png(width: 1, height: 1), .png),
            (Array("II*\u{0}".utf8), .tiff),
            (Array("MM\u{0}*".utf8), .tiff), (Build.webp(width: 2, height: 2), .webp),
            (Build.heic(width: 1, height: 1, exif: []), .heic)
        ] as [([UInt8], ImageFormat)])
    func formatsAreRecognisedByContent(bytes: [UInt8], format: ImageFormat) {
        #expect((try? ImageFormat.sniff(bytes).get()) == format)
    }

    @Test(
        arguments: [
            ([UInt8](), "empty file"), (Array("hello, world\n".utf8), "not an image"),
            (Array("GIF89a......".utf8), "GIF images are not supported"),
            ([0, 0, 0, 0x18] + Array("ftypqt  ".utf8), "looks like a video")
        ] as [([UInt8], String)])
    func otherContentIsExplained(bytes: [UInt8], reason: String) {
        guard case .failure(let failure) = ImageFormat.sniff(bytes) else {
            Issue.record("accepted \(bytes)")
            return
        }
        #expect(failure.reason.contains(reason))
    }
}

@Suite struct ContainerTests {
    let exif = Build.exif(ExifWriter.Fields(make: "Test", dateTimeOriginal: "2024:05:01 10:11:12"))

    func header(_ bytes: [UInt8], _ format: ImageFormat) -> Result<ImageHeader, InspectFailure> {
        ImageHeader.parse(bytes, format: format)
    }

    @Test func jpegSizeExifAndTruncation() throws {
        let jpeg = JPEGEncoder.encode(
            width: 24, height: 16, rgb: Painter.scene(width: 24, height: 16, seed: 1), exif: exif)
        let parsed = try header(jpeg, .jpeg).get()
        #expect(parsed.width == 24 && parsed.height == 16 && parsed.exif == exif)
        for cut in [1, 40, jpeg.count / 2, jpeg.count - 4] {
            guard case .failure(let failure) = header(Array(jpeg.dropLast(cut)), .jpeg) else {
                Issue.record("cut \(cut) accepted")
                continue
            }
            #expect(failure.reason.contains("truncated") || failure.reason.contains("corrupt"), "\(failure.reason)")
        }
    }

    @Test func pngSizeExifAndTruncation() throws {
        let parsed = try header(Build.png(width: 640, height: 480, exif: exif), .png).get()
        #expect(parsed.width == 640 && parsed.height == 480 && parsed.exif == exif)
        #expect(throws: InspectFailure.self) { try header(Build.png(width: 1, height: 1, end: false), .png).get() }
        #expect(throws: InspectFailure.self) {
            try header(Array(Build.png(width: 1, height: 1).dropLast(6)), .png).get()
        }
    }

    @Test func webpSizeExifAndTruncation() throws {
        let webp = Build.webp(width: 1920, height: 1080, exif: exif)
        let parsed = try header(webp, .webp).get()
        #expect(parsed.width == 1920 && parsed.height == 1080 && parsed.exif == exif)
        #expect(throws: InspectFailure.self) { try header(Array(webp.dropLast(10)), .webp).get() }
    }

    @Test func tiffSizeAndTruncation() throws {
        let parsed = try header(Build.tiff(width: 300, height: 200, stripLength: 64), .tiff).get()
        #expect(parsed.width == 300 && parsed.height == 200)
        #expect(throws: InspectFailure.self) {
            try header(Build.tiff(width: 300, height: 200, stripLength: 64, cut: 10), .tiff).get()
        }
    }

    @Test func heicSizeAndExifItem() throws {
        let heic = Build.heic(width: 4032, height: 3024, exif: exif)
        let parsed = try header(heic, .heic).get()
        #expect(parsed.width == 4032 && parsed.height == 3024 && parsed.exif == exif)
        #expect(throws: InspectFailure.self) { try header(Array(heic.dropLast(3)), .heic).get() }
    }
}
