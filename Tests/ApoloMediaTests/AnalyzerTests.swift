@testable import ApoloCore
@testable import ApoloFixtures
@testable import ApoloMedia
import CVipsShim
import Foundation
import Testing

/// One decode of each photo serves every measure, upright whatever its EXIF orientation.
@Suite struct AnalyzerTests {
    @Test func everyOrientationIsMeasuredUprightFromOneDecode() throws {
        let folder = NSTemporaryDirectory() + "apolo-analyzer-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var measured: [Int: Signals] = [:]
        for orientation in 1...8 {
            let path = folder + "/o\(orientation).jpg"
            let photo = SamplePhoto(
                path, seed: 11, width: 640, height: 480,
                exif: ExifWriter.Fields(orientation: orientation))
            try FixtureFiles.write(photo.jpeg(), to: path)
            measured[orientation] = try Analyzer.measure(path)
        }
        let upright = try #require(measured[1])
        #expect(upright.look.count == Look.columns * Look.rows && upright.sharpness > Signals.softBelow)
        for (orientation, s) in measured.sorted(by: { $0.key < $1.key }) {
            let d = try #require(Look.distance(upright.look, s.look))
            #expect(d < 0.15, "orientation \(orientation) is measured upright: \(d) from the upright one")
            #expect(abs(s.sharpness - upright.sharpness) < 0.1, "orientation \(orientation): \(s.sharpness)")
        }
    }
}

/// Faces are looked for in a copy about 1,536 px a side (a smaller photo enlarged twice, up to 2,048 px), closer
/// where small faces were found, and whole when asked; faces under 40 px of the photo's own are not kept.
@Suite struct AnalyzerFaceTests {
    static let portrait = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/faces/astronaut-burst-2.jpg").path

    /// The committed portrait (512 px, its face about 90 px wide) as grey, resized to `side`.
    static func portrait(side: Int) throws -> (grey: [UInt8], width: Int) {
        try Vips.start(threads: 1)
        let image = try Vips.fullSize(portrait)
        var rgb: UnsafeMutablePointer<UInt8>?, w: Int32 = 0, h: Int32 = 0
        try #require(apolo_vips_rgb(image.pointer, &rgb, &w, &h) == 0)
        defer { apolo_vips_gfree(rgb) }
        let grey = Signals.grey(rgb: UnsafeBufferPointer(start: rgb, count: Int(w * h) * 3))
        var sized: UnsafeMutablePointer<UInt8>?, sw: Int32 = 0, sh: Int32 = 0
        try #require(apolo_vips_resized(grey, w, h, 1, Int32(side), 1, &sized, &sw, &sh) == 0)
        defer { apolo_vips_gfree(sized) }
        return (Array(UnsafeBufferPointer(start: sized, count: Int(sw * sh))), Int(sw))
    }

    @Test(.enabled(if: FaceFinder.installed))
    func aFaceFivePercentOfALargePhotoIsFoundAndItsEyesJudged() throws {
        let (face, side) = try Self.portrait(side: 820)  // its face about 145 px: 4.8% of 3,000
        let (width, height) = (3000, 2000)
        var canvas = [UInt8](repeating: 110, count: width * height * 3)
        for y in 0..<side {
            for x in 0..<side { for c in 0..<3 { canvas[((y + 600) * width + x + 1500) * 3 + c] = face[y * side + x] } }
        }
        let found = try #require(
            try canvas.withUnsafeBufferPointer {
                try Analyzer.measure(rgb: $0.baseAddress!, width: width, height: height)
            }.faces)
        #expect(found.count == 1, "at 1,024 px this face is 49 px wide, under the detector's 60: \(found)")
        let box = try #require(found.first?.box)
        #expect(abs(box[0] - (1500 + 0.35 * 820) / 3000) < 0.02 && abs(box[2] - 0.055) < 0.015, "\(box)")
        #expect((found.first?.pixels ?? 0) >= Eyes.minimumPixels, "wide enough in the face picture to judge eyes")
        let shut = try #require(found.first?.shut)
        #expect(shut.count == 2 && shut.allSatisfy { $0 < Eyes.surelyOpen }, "her open eyes look open: \(shut)")
        #expect(found.first.map { Eyes.of($0) } == .open)
    }

    @Test(.enabled(if: FaceFinder.installed))
    func aSmallPhotosFaceIsFoundEnlargedAndItsEyesJudgedByTheirPixelsAlone() throws {
        let (face, side) = try Self.portrait(side: 300)  // its face about 53 px
        let rgb = face.flatMap { [$0, $0, $0] }
        let found = try #require(
            try rgb.withUnsafeBufferPointer {
                try Analyzer.measure(rgb: $0.baseAddress!, width: side, height: side)
            }.faces)
        #expect(found.count == 1, "enlarged twice, the face is about 106 px: \(found)")
        let pixels = found.first?.pixels ?? 0
        #expect((45...60).contains(pixels), "its width in the photo's own pixels: \(pixels)")
        let small = try #require(found.first)
        #expect(Eyes.of(small) == .open, "too coarse for the landmarks' opening, not for the eyes' pixels: \(small)")
        var landmarksAlone = small
        landmarksAlone.shut = nil
        #expect(Eyes.of(landmarksAlone) == .unknown)
    }

    /// `faces` (side of each portrait, x) pasted on a grey canvas, their tops at `top`; the faces measured.
    static func measure(width: Int, height: Int, top: Int, _ faces: [(side: Int, x: Int)], small: Bool = false) throws
        -> [Face]
    {
        var canvas = [UInt8](repeating: 110, count: width * height * 3)
        for (side, left) in faces {
            let (face, _) = try portrait(side: side)
            for y in 0..<side {
                for x in 0..<side {
                    let at = ((y + top) * width + x + left) * 3, value = face[y * side + x]
                    (canvas[at], canvas[at + 1], canvas[at + 2]) = (value, value, value)
                }
            }
        }
        return try #require(
            try canvas.withUnsafeBufferPointer {
                try Analyzer.measure(rgb: $0.baseAddress!, width: width, height: height, smallFaces: small)
            }.faces)
    }

    @Test(.enabled(if: FaceFinder.installed))
    func aGroupsSmallerFacesAreFoundByLookingCloserAroundTheOneFound() throws {
        // one face 5% of 6,000 px (about 300 px: 77 at 1,536) and four beside it at 2.5% (39 at 1,536: unseen there)
        let found = try Self.measure(
            width: 6000, height: 3000, top: 900,
            [(1700, 200)] + (0..<4).map { (850, 2100 + $0 * 900) })
        let boxes = found.map(\.box), pixels = found.map(\.pixels)
        #expect(found.count == 5, "the four small faces are found at full size, around the large one: \(boxes)")
        #expect(found.allSatisfy { $0.pixels >= Eyes.minimumPixels }, "each wide enough to judge its eyes: \(pixels)")
    }

    @Test(.enabled(if: FaceFinder.installed))
    func aMidSizedPhotosSmallFacesAreFoundEnlargedTwiceAndFacesUnderFortyPixelsAreNotKept() throws {
        let found = try Self.measure(width: 1024, height: 768, top: 300, [(340, 100), (254, 500), (113, 850)])
        let widths = found.map { Int($0.box[2] * 1024) }.sorted()
        #expect(found.count == 2, "the faces of about 60 and 45 px, not the one of 20: \(widths)")
        #expect(widths.allSatisfy { $0 >= Analyzer.smallestFace }, "\(widths)")
    }

    @Test(.enabled(if: FaceFinder.installed))
    func aLargePhotosFacesFromFortyPixelsAreFoundLookingCloserAroundOneAndWhenItIsLookedAtWhole() throws {
        let faces: [(side: Int, x: Int)] = [(226, 300), (565, 1500), (340, 3300)]  // faces of about 40, 100, 60 px
        let first = try Self.measure(width: 4000, height: 2000, top: 700, faces).map { Int($0.box[2] * 4000) }.sorted()
        #expect(first.count == 3 && abs(first[0] - 40) < 12, "40, 60 and 100 px, without a whole look: \(first)")
        let found = try Self.measure(width: 4000, height: 2000, top: 700, faces, small: true)
        let widths = found.map { Int($0.box[2] * 4000) }.sorted()
        #expect(found.count == 3 && abs(widths[0] - 40) < 12 && abs(widths[2] - 100) < 20, "\(widths)")
    }

    /// A 200 MP photo's whole look took 133 s in 60-odd tiles: the tiles are bounded, the scale gives way.
    @Test func aHugePhotosWholeLookTakesBoundedTiles() {
        let usual = Analyzer.plan(width: 6000, height: 4000)
        #expect(usual.scale == Analyzer.wholeScale && usual.across * usual.down <= Analyzer.maxTiles)
        let huge = Analyzer.plan(width: 16_320, height: 12_240)
        #expect(huge.across * huge.down <= Analyzer.maxTiles && huge.scale < 1.2 && huge.scale > 0.5, "\(huge)")
    }
}
