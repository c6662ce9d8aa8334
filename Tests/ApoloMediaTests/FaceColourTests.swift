@testable import ApoloCore
@testable import ApoloMedia
import CVipsShim
import Foundation
import Testing

/// The first look's detector scans the photo in colour (YuNet was trained on colour photos: in grey it took a dog, a
/// flower and tap handles for faces and missed turned ones), and its faces are placed on the grey picture the
/// landmarks are drawn on; a colour picture that does not fit is left out and the grey one scanned.
@Suite struct FaceColourTests {
    /// The committed portrait (512 px, its face about 90 px wide) as packed RGB and as grey.
    static func portrait() throws -> (rgb: [UInt8], grey: [UInt8], side: Int) {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/faces/astronaut-burst-2.jpg").path
        try Vips.start(threads: 1)
        let image = try Vips.fullSize(path)
        var rgb: UnsafeMutablePointer<UInt8>?, w: Int32 = 0, h: Int32 = 0
        try #require(apolo_vips_rgb(image.pointer, &rgb, &w, &h) == 0 && w == h)
        defer { apolo_vips_gfree(rgb) }
        let colour = Array(UnsafeBufferPointer(start: rgb, count: Int(w * h) * 3))
        let grey = colour.withUnsafeBufferPointer { Signals.grey(rgb: $0) }
        return (colour, grey, Int(w))
    }

    /// The faces found in `grey` (`side` a side), scanned at `scan`, in `colour` (`colourSide` a side) when given.
    static func find(grey: [UInt8], side: Int, scan: Int, colour: [UInt8]? = nil, colourSide: Int = 0)
        -> [FoundFace]?
    {
        grey.withUnsafeBufferPointer { g in
            guard let colour else {
                return FaceFinder.find(grey: g.baseAddress!, width: side, height: side, scan: scan)
            }
            return colour.withUnsafeBufferPointer { c in
                let picture = ColourPicture(pixels: c.baseAddress!, width: colourSide, height: colourSide)
                return FaceFinder.find(grey: g.baseAddress!, width: side, height: side, scan: scan, colour: picture)
            }
        }
    }

    @Test(.enabled(if: FaceFinder.installed && FaceFinder.findsWithYuNet()))
    func theDetectorScansTheColourPictureAndPlacesItsFacesOnTheGreyOne() throws {
        let (rgb, grey, side) = try Self.portrait()
        let alone = try #require(Self.find(grey: grey, side: side, scan: side)?.first)
        let blank = [UInt8](repeating: 128, count: 4 * side * side)
        let found = try #require(Self.find(grey: blank, side: 2 * side, scan: side, colour: rgb, colourSide: side))
        #expect(found.count == 1, "the face is in the colour picture only: \(found)")
        let face = try #require(found.first)
        #expect(abs(face.x - 2 * alone.x) <= 8 && abs(face.y - 2 * alone.y) <= 8, "\(face) against \(alone)")
        #expect(abs(face.width - 2 * alone.width) <= 12, "in the grey picture's pixels, twice the colour's")
        let none = try #require(
            Self.find(
                grey: grey, side: side, scan: side, colour: [UInt8](repeating: 128, count: 3 * side * side),
                colourSide: side))
        #expect(none.isEmpty, "the grey picture is not scanned when a colour one is given: \(none)")
    }

    @Test(.enabled(if: FaceFinder.installed && FaceFinder.findsWithYuNet()))
    func aColourPictureLargerThanTheGreyOneIsLeftOutAndTheGreyOneScanned() throws {
        let (_, grey, side) = try Self.portrait()
        let larger = [UInt8](repeating: 128, count: 3 * (side + 1) * (side + 1))
        let found = try #require(Self.find(grey: grey, side: side, scan: side, colour: larger, colourSide: side + 1))
        #expect(found.count == 1, "the grey picture's face: \(found)")
    }
}
