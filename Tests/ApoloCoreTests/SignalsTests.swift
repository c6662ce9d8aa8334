@testable import ApoloCore
import XCTest

final class SignalsTests: XCTestCase {
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

    func testASharpPictureScoresHighAndItsBlurredCopiesLow() {
        let size = 128, sharp = Self.blocks(size)
        let crisp = Sharpness.measure(grey: sharp, width: size, height: size).sharpness
        let soft = Sharpness.measure(grey: Self.blurred(sharp, size, 5, bothAxes: true), width: size, height: size)
        let motion = Sharpness.measure(grey: Self.blurred(sharp, size, 9, bothAxes: false), width: size, height: size)
        XCTAssertGreaterThan(crisp, Signals.blurryBelow, "sharp: \(crisp)")
        XCTAssertLessThan(soft.sharpness, Signals.blurryBelow, "soft: \(soft.sharpness)")
        XCTAssertLessThan(motion.sharpness, Signals.blurryBelow, "motion along x: \(motion.sharpness)")
    }
}
