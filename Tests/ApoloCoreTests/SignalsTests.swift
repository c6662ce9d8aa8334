@testable import ApoloCore
import Testing

@Suite struct SignalsTests {
    /// A picture of random grey blocks (sharp edges everywhere), `size` square, blocks of 4 px.
    static func blocks(_ size: Int, seed: UInt64 = 7) -> [UInt8] {
        var state = seed, grey = [UInt8](repeating: 0, count: size * size)
        var cells: [UInt8] = []
        for _ in 0..<((size / 4 + 1) * (size / 4 + 1)) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            cells.append(UInt8(truncatingIfNeeded: state >> 56))
        }
        for y in 0..<size { for x in 0..<size { grey[y * size + x] = cells[(y / 4) * (size / 4 + 1) + x / 4] } }
        return grey
    }

    /// The picture averaged over `n` pixels along x (motion blur) or both axes (twice, a soft focus).
    static func blurred(_ grey: [UInt8], _ size: Int, _ n: Int, bothAxes: Bool) -> [UInt8] {
        func pass(_ g: [UInt8], horizontal: Bool) -> [UInt8] {
            var out = g
            for y in 0..<size {
                for x in 0..<size {
                    var sum = 0
                    for k in 0..<n {
                        let (xx, yy) = horizontal ? (min(size - 1, x + k), y) : (x, min(size - 1, y + k))
                        sum += Int(g[yy * size + xx])
                    }
                    out[y * size + x] = UInt8(sum / n)
                }
            }
            return out
        }
        let once = pass(grey, horizontal: true)
        return bothAxes ? pass(pass(once, horizontal: false), horizontal: true) : once
    }

    static func focus(_ grey: [UInt8], _ size: Int) -> (focus: Double, cell: Int)? {
        grey.withUnsafeBufferPointer { Focus.measure(grey: $0, width: size, height: size) }.map { ($0.focus, $0.cell) }
    }

    @Test func aSharpPictureScoresHighAndItsBlurredCopiesLow() throws {
        let size = 256, sharp = Self.blocks(size)
        let crisp = try #require(Self.focus(sharp, size)).focus
        let soft = try #require(Self.focus(Self.blurred(sharp, size, 5, bothAxes: true), size)).focus
        let motion = try #require(Self.focus(Self.blurred(sharp, size, 9, bothAxes: false), size)).focus
        #expect(crisp >= Signals.sharpFrom, "sharp: \(crisp)")
        #expect(soft < Signals.sharpFrom && soft < crisp / 2, "soft: \(soft)")
        #expect(motion < Signals.sharpFrom && motion < crisp / 2, "motion along x: \(motion)")
    }

    @Test func sensorNoiseOnABlurredPictureDoesNotReadAsDetail() throws {
        var state: UInt64 = 3
        let size = 256, soft = Self.blurred(Self.blocks(size), size, 7, bothAxes: true)
        let noisy = soft.map { value -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(clamping: Int(value) + Int(state >> 61) - 3)  // ±3 levels
        }
        let clean = try #require(Self.focus(soft, size)).focus
        let measured = try #require(Self.focus(noisy, size)).focus
        #expect(measured < Signals.sharpFrom, "noise is not focus: \(measured)")
        #expect(abs(measured - clean) < 0.05, "\(clean) without noise, \(measured) with")
    }

    @Test func aSharpRegionInASoftPictureKeepsItSharp() throws {
        // shallow depth of field: one quarter sharp, the rest a soft version of the same detail (large enough
        // for each region to hold several judged tiles)
        let size = 1024, sharp = Self.blocks(size), soft = Self.blurred(sharp, size, 7, bothAxes: true)
        var mixed = soft
        for y in 0..<(size / 2) { for x in 0..<(size / 2) { mixed[y * size + x] = sharp[y * size + x] } }
        let measured = try #require(Self.focus(mixed, size))
        let peak = try #require(mixed.withUnsafeBufferPointer { Focus.measure(grey: $0, width: size, height: size) })
        #expect(peak.peak >= Signals.peakSharpFrom && peak.peak > peak.focus, "the crisp quarter: \(peak)")
        #expect(measured.focus > Signals.softBelow, "\(measured)")
        #expect([0, 1, 4, 5].contains(measured.cell), "the sharp region is found where it is: \(measured.cell)")
    }

    @Test func aFaceIsJudgedOnItsEyesBandAtFullResolution() throws {
        // a soft picture with one sharp patch where a face's eyes are: the face is sharp, the photo is not
        let size = 512, sharp = Self.blocks(size), soft = Self.blurred(sharp, size, 7, bothAxes: true)
        var picture = soft
        for y in 140..<250 { for x in 100..<300 { picture[y * size + x] = sharp[y * size + x] } }
        let face = picture.withUnsafeBufferPointer {
            FullPicture(grey: $0, width: size, height: size).faceFocus([100.0 / 512, 100.0 / 512, 0.4, 0.4])
        }
        let elsewhere = picture.withUnsafeBufferPointer {
            FullPicture(grey: $0, width: size, height: size).faceFocus([0.5, 0.5, 0.4, 0.4])
        }
        #expect(try #require(face) >= Signals.faceSharpFrom)
        #expect(try #require(elsewhere) < Signals.faceSharpFrom)
    }

    @Test func clippingCountsBlownAndCrushedPixelsAndAFlatPictureHasNoSharpness() {
        var rgb = [UInt8](repeating: 128, count: 100 * 100 * 3)
        for i in 0..<600 { (rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]) = (255, 251, 250) }  // 6% blown white
        for i in 600..<2_600 { rgb[i * 3 + 2] = 255 }  // 20% saturated blue: a colour, not blown
        for i in 2_600..<4_700 { (rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]) = (0, 2, 3) }  // 21% crushed
        let s = Signals.measure(rgb: rgb, width: 100, height: 100)
        #expect(s.highlights == 0.06 && s.shadows == 0.21)
        #expect(!s.clipped, "a fifth crushed beside white is contrast, not a lost exposure")
        #expect(s.sharpness == 0 && s.focusAlone.verdict == .unsure, "nothing to judge: no detail")
        var sky = [UInt8](repeating: 128, count: 100 * 100 * 3)
        for i in 0..<5_000 { (sky[i * 3], sky[i * 3 + 1], sky[i * 3 + 2]) = (131, 191, 254) }  // a blue sky
        for i in 5_000..<5_400 { (sky[i * 3], sky[i * 3 + 1], sky[i * 3 + 2]) = (255, 255, 255) }  // 4% speculars
        for i in 5_400..<7_000 { (sky[i * 3], sky[i * 3 + 1], sky[i * 3 + 2]) = (0, 0, 0) }  // 16% black
        #expect(!Signals.measure(rgb: sky, width: 100, height: 100).clipped, "colour, speculars, a dark corner")
    }
}
