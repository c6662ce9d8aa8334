@testable import ApoloCore
import Testing

/// Focus judged sharp, soft or can't tell, on faces, regions, bursts and kits; exposure judged lost only when
/// detail is.
@Suite struct JudgementTests {
    static func signals(_ sharpness: Double, peak: Double = 0, face: Double? = nil, wide: Int = 400) -> Signals {
        var s = Signals(sharpness: sharpness)
        s.peak = peak
        if let face {
            s.faces = [Face(box: [0.4, 0.3, 0.2, 0.25], pixels: 200, score: 1, eyes: [0.3, 0.3], sharpness: face)]
            s.faces?[0].wide = wide
        }
        return s
    }

    @Test func focusAloneIsJudgedOnTheFaceThenOnTheCrispestRegion() {
        #expect(Self.signals(0.3, face: 0.06).focusAlone.verdict == .soft, "a soft face in a sharp scene: missed focus")
        #expect(Self.signals(0.08, face: 0.3).focusAlone.verdict == .sharp, "a sharp face, a soft background")
        #expect(Self.signals(0.3, face: 0.06, wide: 50).focusAlone.verdict == .sharp, "a face too small: the photo")
        #expect(Self.signals(0.08, peak: 0.4).focusAlone.verdict == .sharp, "a shallow depth of field")
        #expect(Self.signals(0.08, peak: 0.2).focusAlone.verdict == .soft)
        #expect(Self.signals(0.16, peak: 0.2).focusAlone.verdict == .unsure)
        #expect(Self.signals(0).focusAlone.verdict == .unsure, "no detail: never a guess")
        let why = Self.signals(0.3, face: 0.06).focusAlone.why
        #expect(why.text() == "face soft: its eyes' band reads 0.06, under 0.10")
        #expect(why.text(.spanish).hasPrefix("cara desenfocada"))
    }

    /// Ten photos of one compact at one size; `values` sharpness each.
    static func kit(_ values: [Double], model: String = "Old Compact") -> (Project, [PhotoID: Signals]) {
        var photos: [PhotoID: Photo] = [:], signals: [PhotoID: Signals] = [:]
        for (i, value) in values.enumerated() {
            var photo = Sketch.photo("k\(i)", index: i)
            (photo.make, photo.model, photo.width, photo.height) = ("Maker", model, 2048, 1536)
            photos[photo.id] = photo
            var s = Self.signals(value, peak: value * 1.4)
            s.look = LookTests.look(UInt64(i + 1))
            signals[photo.id] = s
        }
        return (Project(name: "kit", photos: photos), signals)
    }

    @Test func aCameraWhosePhotosAllReadLowIsJudgedAgainstItself() throws {
        let (project, signals) = Self.kit([0.12, 0.12, 0.125, 0.13, 0.12, 0.118, 0.122, 0.12, 0.05, 0.127])
        let analysis = Analysis(project: project, signals: signals)
        let alike = try #require(analysis.focus(of: Sketch.photo("k0", index: 0).id))
        #expect(alike.verdict == .sharp && alike.why.text().hasPrefix("sharp for this camera"), "\(alike.why)")
        let soft = try #require(analysis.focus(of: Sketch.photo("k8", index: 8).id))
        #expect(soft.verdict == .soft, "\(soft.why)")
        let few = Self.kit([0.12, 0.12, 0.125])
        let alone = Analysis(project: few.0, signals: few.1)
        #expect(alone.focus(of: Sketch.photo("k0", index: 0).id)?.verdict == .soft, "three photos make no kit")
    }

    @Test func aFrameMuchSofterThanItsBurstsSharpestIsSoft() throws {
        let (project, signals) = StackTests.project()
        var measured = signals
        measured[Sketch.id("c")] = Self.signals(0.22, peak: 0.25)
        measured[Sketch.id("c")]?.look = LookTests.look(1, dx: 2)
        let analysis = Analysis(project: project, signals: measured)
        #expect(analysis.stacks.stackOf[Sketch.id("c")] != nil)
        let call = try #require(analysis.focus(of: Sketch.id("c")))
        #expect(call.verdict == .soft && call.why.text() == "soft: the sharpest frame of its burst is 82% crisper")
        #expect(analysis.focus(of: Sketch.id("a"))?.verdict == .sharp, "0.36 next to 0.40 is the same focus")
    }

    /// A 100 × 100 picture of grey `level` with `rows` rows from row `from` set to `top`.
    static func picture(
        level: UInt8, rows: Int = 0, top: (UInt8, UInt8, UInt8) = (0, 0, 0),
        from: Int = 0
    ) -> [UInt8] {
        var rgb = [UInt8](repeating: level, count: 100 * 100 * 3)
        for i in (from * 100)..<((from + rows) * 100) { (rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]) = top }
        return rgb
    }

    @Test func anExposureIsLostOnlyWhereDetailIs() {
        let measure = { (rgb: [UInt8]) in Signals.measure(rgb: rgb, width: 100, height: 100) }
        let washed = measure(Self.picture(level: 170, rows: 40, top: (255, 255, 255)))
        #expect(
            washed.exposureLost?.text()
                == "washed out: 40% of the frame blown to white and no shadow darker than 170")
        var sky = Self.picture(level: 120, rows: 40, top: (255, 255, 255))
        for i in 9_000..<10_000 { (sky[i * 3], sky[i * 3 + 1], sky[i * 3 + 2]) = (10, 10, 10) }
        #expect(!measure(sky).clipped, "a white sky over a scene with shadows is as intended")
        let dark = measure(Self.picture(level: 60, rows: 20, top: (1, 1, 1), from: 40))
        #expect(
            dark.exposureLost?.text()
                == "too dark: its brightest part reads 60 of 255 and 20% of it is crushed to black")
        var night = Self.picture(level: 60, rows: 20, top: (1, 1, 1), from: 40)
        for i in 5_000..<5_100 { (night[i * 3], night[i * 3 + 1], night[i * 3 + 2]) = (255, 240, 200) }
        #expect(!measure(night).clipped, "a night scene with a lamp is dark on purpose")
        let bars = measure(Self.picture(level: 120, rows: 12, top: (0, 0, 0)))
        #expect(bars.shadows == 0, "a letterbox's black bars are padding")
        let white = [Face(box: [0, 0, 0.5, 0.4], pixels: 100, score: 1, eyes: [], sharpness: 0)]
        let face = Signals.measure(
            rgb: Self.picture(level: 120, rows: 20, top: (255, 255, 255)), width: 100,
            height: 100, faces: white)
        #expect(face.exposureLost?.text() == "a face lost detail: 50% of it blown or crushed")
        let backdrop = [Face(box: [0.4, 0.5, 0.2, 0.3], pixels: 100, score: 1, eyes: [], sharpness: 0)]
        var portrait = Self.picture(level: 120, rows: 45, top: (255, 255, 255))
        for i in 5_200..<5_300 { (portrait[i * 3], portrait[i * 3 + 1], portrait[i * 3 + 2]) = (30, 25, 20) }  // hair
        let studio = Signals.measure(rgb: portrait, width: 100, height: 100, faces: backdrop)
        #expect(!studio.clipped, "a white backdrop behind a well-exposed face is intended")
    }
}
