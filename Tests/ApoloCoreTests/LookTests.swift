@testable import ApoloCore
import Foundation
import Testing

@Suite struct LookTests {
    /// A smooth scene of `size` square: a few soft blobs placed by `seed` (a look is about layout, not texture).
    static func scene(_ size: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let blobs = (0..<6).map { _ in (next() * Double(size), next() * Double(size), next() * 200 + 40) }
        return (0..<(size * size)).map { i in
            let (x, y) = (Double(i % size), Double(i / size))
            let v = blobs.reduce(30.0) { $0 + $1.2 * exp(-((x - $1.0) * (x - $1.0) + (y - $1.1) * (y - $1.1)) / 1500) }
            return UInt8(min(255, v))
        }
    }

    /// The look of scene `seed` (240 px square), moved `dx` × 4 pixels: the same `seed` is one scene, another not.
    static func look(_ seed: UInt64, dx: Int = 0) -> [UInt8] {
        Look.of(grey: crop(scene(240, seed: seed), 240, dx: 4 * dx), width: 240, height: 240)
    }

    static func crop(_ g: [UInt8], _ size: Int, dx: Int, gain: Double = 1) -> [UInt8] {
        (0..<(size * size)).map { i in
            UInt8(min(255, Double(g[(i / size) * size + min(size - 1, i % size + dx)]) * gain))
        }
    }

    @Test func aReframedBrighterFrameIsTheSameSceneAndAnotherSceneIsNot() throws {
        let size = 240, a = Self.scene(size, seed: 1), b = Self.scene(size, seed: 2)
        let look = { (g: [UInt8]) in Look.of(grey: g, width: size, height: size) }
        let moved = try #require(Look.distance(look(a), look(Self.crop(a, size, dx: 10, gain: 1.1))))
        let other = try #require(Look.distance(look(a), look(b)))
        #expect(moved < Look.sameSceneBelow, "4% reframed, +0.14 EV: \(moved)")
        #expect(other > Look.sameSceneBelow, "another scene: \(other)")
        #expect(Look.distance(look(a), []) == nil, "no look, no answer")
        #expect(!Signals(sharpness: 0.4).sameScene(as: Signals(sharpness: 0.4)), "without looks nothing is stacked")
    }

    @Test func twoSubjectsASecondApartAreTwoStacks() {
        let size = 240, a = Self.scene(size, seed: 1), b = Self.scene(size, seed: 2)
        let photos = ["a", "b", "c"].enumerated().map { k, name in StackTests.photo(name, at: Double(k)) }
        let project = Project(name: "t", photos: Dictionary(uniqueKeysWithValues: photos.map { ($0.id, $0) }))
        var signals: [PhotoID: Signals] = [:]
        for (name, grey) in [("a", a), ("b", Self.crop(a, size, dx: 6)), ("c", b)] {
            signals[Sketch.id(name)] = Signals(sharpness: 0.4, look: Look.of(grey: grey, width: size, height: size))
        }
        let stacks = Stacks(project: project, signals: signals)
        #expect(stacks.members.values.first == [Sketch.id("a"), Sketch.id("b")])
        #expect(stacks.stackOf[Sketch.id("c")] == nil, "the next subject, a second later, stands alone")
    }
}
