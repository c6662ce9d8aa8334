import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

/// A raw without an embedded preview is shown by decoding its data through LibRaw, bounded, and refused when its
/// data is missing or cut short (never a black or half-made picture).
@Suite struct RawDecodeTests {
    let temporary = TemporaryFolder()

    /// Red on the left half, blue on the right, as a sensor behind an RGGB pattern saw it.
    static let halves: DNGWriter.Scene = { x, _ in x < 64 ? (3800, 300, 300) : (300, 300, 3800) }

    @Test func aRawWithoutAPreviewIsDecodedWithItsColours() throws {
        let path = temporary.path + "/bare.dng"
        try FixtureFiles.write(DNGWriter.make(width: 128, height: 96, preview: nil, scene: Self.halves), to: path)
        let image = try Vips.thumbnail(path, size: 64)
        #expect(image.source == .rawDecode)
        #expect(image.width == 64 && image.height == 48, "\(image.width)×\(image.height)")
        let left = try image.pixel(8, 24), right = try image.pixel(56, 24)
        #expect(left.r > left.b + 60 && right.b > right.r + 60, "left \(left), right \(right)")
    }

    @Test func aRawWorkerHoldsNoDescriptorOfApolosButItsSocket() throws {
        let leaked = open("/dev/null", O_RDONLY)  // no O_CLOEXEC, as a library's or a test's socket may be
        defer { close(leaked) }
        let path = temporary.path + "/fds.dng"
        try FixtureFiles.write(DNGWriter.make(width: 128, height: 96, preview: nil, scene: Self.halves), to: path)
        _ = try Vips.thumbnail(path, size: 64)
        let me = getpid()
        let pids = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        let workers = pids.filter { pid in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return fields.count > 2 && Int32(fields[1]) == me && stat.contains("(apolo-raw-worke")
        }
        #expect(!workers.isEmpty, "a worker was started")
        for pid in workers {
            let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init)
            #expect(Set(fds).isSubset(of: [0, 1, 2]), "worker \(pid) holds \(fds.sorted())")
        }
    }

    @Test func aPreviewIsPreferredToADecode() throws {
        let path = temporary.path + "/full.dng"
        let jpeg = JPEGEncoder.encode(width: 40, height: 30, rgb: Painter.scene(width: 40, height: 30, seed: 1))
        try FixtureFiles.write(DNGWriter.make(preview: (jpeg, 40, 30), scene: Self.halves), to: path)
        let image = try Vips.thumbnail(path, size: 64)
        #expect(image.source == .rawPreview && image.width == 40, "never enlarged, from the 40×30 preview")
    }

    @Test func missingOrCutRawDataIsAnErrorInWords() throws {
        let whole = DNGWriter.make(width: 2000, height: 1500, preview: nil)
        try FixtureFiles.write(Array(whole.prefix(60_000)), to: temporary.path + "/stripped.dng")
        #expect(
            throws: MediaError.raw(
                "it has no usable embedded preview, and its raw data is missing (60 kB for 3.0 megapixels)")
        ) {
            try Vips.thumbnail(temporary.path + "/stripped.dng", size: 64)
        }
        let small = DNGWriter.make(width: 128, height: 96, preview: nil, scene: Self.halves)
        try FixtureFiles.write(Array(small.prefix(small.count - 4000)), to: temporary.path + "/cut.dng")
        do {
            _ = try Vips.thumbnail(temporary.path + "/cut.dng", size: 64)
            Issue.record("a raw cut short must not give a picture")
        } catch {
            guard case .raw(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("no usable embedded preview"), "\(reason)")
        }
    }

    @Test func aRawTooLargeToDecodeIsRefusedBeforeAnyWork() throws {
        var dng = DNGWriter.make(width: 64, height: 48, preview: nil)
        // claim 20,000 × 10,000 pixels: the LONG width and height entries of the raw's IFD
        for (tag, value) in [(0x00, 20_000), (0x01, 10_000)] {
            let entry: [UInt8] = [UInt8(tag), 0x01, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00]
            let at = try #require((0..<(dng.count - 12)).first { Array(dng[$0..<($0 + 8)]) == entry })
            for k in 0..<4 { dng[at + 8 + k] = UInt8(value >> (8 * k) & 255) }
        }
        let path = temporary.path + "/huge.dng"
        try FixtureFiles.write(dng, to: path)
        #expect(
            throws: MediaError.raw("it has no usable embedded preview, and at 200 megapixels it is too large to decode")
        ) {
            try Vips.thumbnail(path, size: 64)
        }
    }
}
