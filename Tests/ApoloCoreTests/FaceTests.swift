@testable import ApoloCore
import Testing

/// Eyes judged alone and against the same face in a burst; the suggested frame prefers open eyes.
@Suite struct FaceTests {
    static func face(_ opening: Double, at x: Double = 0.3, pixels: Int = 120, sharpness: Double = 0.7) -> Face {
        Face(box: [x, 0.2, 0.15, 0.2], pixels: pixels, score: 1, eyes: [opening, opening], sharpness: sharpness)
    }

    @Test(
        arguments: [
            (0.32, 120, Eyes.open), (0.10, 120, .closed), (0.20, 120, .unknown), (0.32, 40, .unknown),
            (0.10, 40, .unknown), (0.23, 120, .open), (0.21, 120, .unknown), (0.165, 120, .closed)
        ] as [(Double, Int, Eyes)])
    func eyesAlone(opening: Double, pixels: Int, expected: Eyes) {
        #expect(Eyes.of(Self.face(opening, pixels: pixels)) == expected)
    }

    /// (opening, pixels, each eye's eye-state margin, expected): the pixels' word where the opening is unsure.
    @Test(
        arguments: [
            (0.20, 120, [0.5, 0.8], Eyes.closed), (0.30, 120, [2.0, 1.8], .closed), (0.30, 120, [1.0, 2.0], .open),
            (0.20, 120, [-2.5, -3.0], .open), (0.20, 120, [-1.0, 0.5], .unknown), (0.15, 120, [-1.0, -0.8], .unknown),
            (0.15, 120, [-1.0, 0.2], .closed), (0.32, 50, [2.0, 3.0], .closed), (0.10, 50, [-3.0, -2.5], .open),
            (0.10, 50, [0.5, 0.5], .unknown), (0.10, 30, [5.0, 5.0], .unknown)
        ] as [(Double, Int, [Double], Eyes)])
    func eyesByTheirPixels(opening: Double, pixels: Int, shut: [Double], expected: Eyes) {
        var face = Self.face(opening, pixels: pixels)
        face.shut = shut
        #expect(Eyes.of(face) == expected)
    }

    /// A face turned past about 45° keeps its box but its eyes cannot be told, however shut they read.
    @Test(arguments: [(0.4, Eyes.closed), (0.95, .closed), (1.05, .unknown), (1.5, .unknown)] as [(Double, Eyes)])
    func eyesOfATurnedFace(turned: Double, expected: Eyes) {
        var face = Self.face(0.10)
        face.shut = [2.0, 2.0]
        face.turned = turned
        #expect(Eyes.of(face) == expected)
    }

    @Test func eyesAgainstTheSameFaceInABurst() {
        let half = Self.face(0.21)
        #expect(Eyes.of(half, siblings: [Self.face(0.33)]) == .closed, "a drop from 0.33 to 0.21: closed")
        #expect(Eyes.of(half, siblings: [Self.face(0.33, at: 0.7)]) == .unknown, "another person's face is no baseline")
        #expect(Eyes.of(Self.face(0.30), siblings: [Self.face(0.33)]) == .open)
        #expect(Eyes.of(half, siblings: [Self.face(0.22)]) == .unknown, "no frame with the eyes clearly open")
    }

    @Test func theSuggestedFrameHasEveryEyeOpenThenTheSharpestFaces() {
        let photos = ["a", "b", "c"].enumerated().map { i, name in
            Photo(
                id: Sketch.id(name), file: name + ".jpg", path: "/p/\(name).jpg", bytes: 1,
                modified: "2024-05-02T00:00:00Z", captured: "2024-05-01T10:00:0\(i)")
        }
        let project = Project(name: "t", photos: Dictionary(uniqueKeysWithValues: photos.map { ($0.id, $0) }))
        var signals: [PhotoID: Signals] = [:]
        for (name, opening, sharpness) in [("a", 0.20, 0.90), ("b", 0.33, 0.60), ("c", 0.31, 0.75)] {
            var s = Signals(sharpness: sharpness, look: LookTests.look(1))
            s.faces = [Self.face(opening, sharpness: sharpness)]
            signals[Sketch.id(name)] = s
        }
        let analysis = Analysis(project: project, signals: signals)
        let stack = try? #require(analysis.stacks.stackOf[Sketch.id("a")])
        #expect(analysis.stacks.best[stack ?? ""] == Sketch.id("c"), "the sharpest frame has its eyes closed")
        #expect(analysis.stacks.why[stack ?? ""] == "sharpest faces of the frames with eyes open")
        #expect(analysis.hasClosedEyes(Sketch.id("a")) && !analysis.hasClosedEyes(Sketch.id("c")))
        let view = SlideView(position: 1, place: .table, photo: photos[2], analysis: analysis)
        #expect(view.faces?.first?.eyes == .open && view.why != nil)
        var criteria = FilterCriteria(scope: .table)
        criteria.closedEyes = true
        criteria.analysis = analysis
        #expect((try? project.filter(criteria).map(\.id)) == [Sketch.id("a")])
    }

    @Test func aFoundFaceKeepsItsBoxAsSharesAndItsFocusIsMeasuredAtFullSize() {
        let (width, height) = (200, 100)
        let face = FoundFace(x: 50, y: 20, width: 40, height: 40, score: 1.2345, eyes: [0.31, 0.29])
            .face(width: width, height: height)
        #expect(face.box == [0.25, 0.2, 0.2, 0.4] && face.pixels == 40 && face.score == 1.235)
        // the same picture at four times the size: a checkerboard of 8 px squares, crisp at 100%
        let (fullW, fullH) = (800, 400)
        let grey = (0..<(fullW * fullH)).map { UInt8(($0 % fullW / 8 + $0 / fullW / 8) % 2 * 200 + 20) }
        var signals = Signals(sharpness: 0)
        signals.faces = [face]
        grey.withUnsafeBufferPointer { signals.focus(on: FullPicture(grey: $0, width: fullW, height: fullH)) }
        let sharpness = signals.faces?.first?.sharpness ?? 0
        #expect(sharpness > 0.5, "a checkerboard is crisp: \(sharpness)")
        #expect(signals.sharpness > 0.5 && signals.focusAlone.verdict == .sharp)
    }
}
