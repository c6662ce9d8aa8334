@testable import ApoloCore
import Testing

@Suite struct StackTests {
    /// A photo `name` taken at `seconds` past 10:00 (fractions allowed).
    static func photo(_ name: String, at seconds: Double) -> Photo {
        let whole = Int(seconds), hundredths = Int(((seconds - Double(whole)) * 100).rounded())
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        let time = "2024-05-01T10:\(two(whole / 60)):\(two(whole % 60)).\(two(hundredths))"
        return Photo(
            id: Sketch.id(name), file: name + ".jpg", path: "/p/\(name).jpg", bytes: 1,
            modified: "2024-05-02T00:00:00Z",
            captured: time)
    }

    /// a b c: a burst (0.25 s apart, alike; b sharpest); d one second later, another scene; e alike a but a
    /// minute later; f no capture time.
    static func project() -> (Project, [PhotoID: Signals]) {
        let photos = [
            photo("a", at: 0), photo("b", at: 0.25), photo("c", at: 0.5), photo("d", at: 1.5),
            photo("e", at: 61)
        ]
        var f = photo("f", at: 0)
        f.captured = nil
        let project = Project(name: "t", photos: Dictionary(uniqueKeysWithValues: (photos + [f]).map { ($0.id, $0) }))
        let look = { (dx: Int) in LookTests.look(1, dx: dx) }
        let signals: [PhotoID: Signals] = [
            Sketch.id("a"): Signals(sharpness: 0.36, look: look(0)),
            Sketch.id("b"): Signals(sharpness: 0.40, look: look(1)),
            Sketch.id("c"): Signals(sharpness: 0.10, look: look(2)),
            Sketch.id("d"): Signals(sharpness: 0.40, look: LookTests.look(2)),
            Sketch.id("e"): Signals(sharpness: 0.40, look: look(0)),
            Sketch.id("f"): Signals(sharpness: 0.40, look: look(0))
        ]
        return (project, signals)
    }

    @Test func aBurstIsStackedByTimeAndLookAndItsSharpestFrameSuggested() {
        let (project, signals) = Self.project()
        let stacks = Stacks(project: project, signals: signals)
        let ids = ["a", "b", "c"].map(Sketch.id)
        #expect(stacks.members.count == 1)
        #expect(stacks.members.values.first == ids)
        #expect(stacks.stackOf[ids[0]] == "s" + String(ids[0].prefix(10)))
        #expect(stacks.isBest(ids[1]), "b is the sharpest")
        for alone in ["d", "e", "f"] { #expect(stacks.stackOf[Sketch.id(alone)] == nil, "\(alone) is in no stack") }
    }

    /// Only frames taken near another have their looks compared: without the others' looks, the stacks are the same.
    @Test func onlyFramesTakenNearAnotherNeedTheirLooks() {
        var (project, signals) = Self.project()
        let near = project.photos.takenNear(within: Stacks.window)
        #expect(near == Set(["a", "b", "c", "d"].map(Sketch.id)), "e is a minute away, f has no time")
        for id in signals.keys where !near.contains(id) { signals[id]?.look = [] }
        #expect(Stacks(project: project, signals: signals) == Stacks(project: project, signals: Self.project().1))
        project.photos[Sketch.id("d")]?.discarded = true
        #expect(!project.photos.takenNear(within: Stacks.window).contains(Sketch.id("d")), "a discarded frame")
    }

    @Test func aClippedFrameIsNotSuggestedWhenAnotherIsNot() {
        var (project, signals) = Self.project()
        signals[Sketch.id("b")]?.highlights = 0.3  // washed out: blown, no shadow left
        signals[Sketch.id("b")]?.darkest = 120
        #expect(Stacks(project: project, signals: signals).isBest(Sketch.id("a")))
        project.photos[Sketch.id("a")]?.discarded = true
        let stacks = Stacks(project: project, signals: signals)
        #expect(stacks.isBest(Sketch.id("c")), "a discarded frame leaves its stack")
    }

    /// A burst where the child's face was not found in one frame: that frame's overall sharpness does not make it
    /// the suggestion over a frame where every face is found, open and sharp.
    @Test func aFrameWhereAFaceWasNotFoundIsNotSuggested() {
        let (project, plain) = Self.project()
        var signals = plain
        let face = { (x: Double, sharpness: Double) in
            Face(box: [x, 0.2, 0.1, 0.1], pixels: 200, score: 1, eyes: [0.3, 0.3], sharpness: sharpness)
        }
        signals[Sketch.id("a")]?.faces = [face(0.2, 0.30), face(0.6, 0.28)]
        signals[Sketch.id("b")]?.faces = [face(0.2, 0.31)]  // the second face not found; the frame sharpest overall
        signals[Sketch.id("c")]?.faces = [face(0.2, 0.20), face(0.6, 0.21)]
        let stacks = Stacks(project: project, signals: signals)
        #expect(stacks.isBest(Sketch.id("a")), "every face found, open, sharpest")
        #expect(stacks.why.values.first?.contains("frames where a face was not found passed over") == true)
    }

    /// Frames of one scene 1.3 s apart that do not look alike stayed loose: a chosen gap stacks them by time alone.
    @Test func aChosenGapStacksFramesByTimeAloneAndOffLeavesTheBursts() throws {
        var (project, signals) = Self.project()
        signals[Sketch.id("d")]?.look = LookTests.look(7)  // d: 1 s after c, another look
        #expect(Stacks(project: project, signals: signals).stackOf[Sketch.id("d")] == nil)
        _ = try StackAuto(gap: 1500).apply(to: &project)
        let stacks = Stacks(project: project, signals: signals)
        #expect(stacks.members.values.first == ["a", "b", "c", "d"].map(Sketch.id), "within 1.5 s, alike or not")
        #expect(stacks.stackOf[Sketch.id("e")] == nil, "a minute later: alone")
        #expect(throws: CoreError.self) { try StackAuto(gap: 1500).apply(to: &project) }
        _ = try StackAuto(gap: nil).apply(to: &project)
        #expect(Stacks(project: project, signals: signals).stackOf[Sketch.id("d")] == nil)
        #expect(StackAuto.parse("1.5s") == .some(1500) && StackAuto.parse("off") == .some(nil))
        #expect(StackAuto.parse("9999999999999s") == nil && StackAuto.parse("-2s") == nil)
        #expect(StackAuto.parse("2") == nil, "a number needs its unit")
    }

    @Test func splitMergeAndKeepAreEditsThatUndo() throws {
        let (project, signals) = Self.project()
        let analysis = { (p: Project) in Analysis(project: p, signals: signals) }
        let (split, message) = try StackSplit(["c.jpg"]).with(analysis(project)).applied(to: project)
        #expect(message == "split the stack before 'c.jpg'")
        #expect(analysis(split).stacks.members.values.first == ["a", "b"].map(Sketch.id))
        #expect(throws: CoreError.self) { try StackSplit(["a.jpg"]).with(analysis(project)).applied(to: project) }
        let (merged, _) = try StackMerge(["c.jpg", "d.jpg"]).with(analysis(split)).applied(to: split)
        #expect(
            analysis(merged).stacks.members.values.first == ["a", "b", "c", "d"].map(Sketch.id),
            "c and d merged, and c's cut taken back")
        let (kept, said) = try StackKeep("a.jpg").with(analysis(project)).applied(to: project)
        #expect(said.description.hasPrefix("kept 'b.jpg' of its stack of 3; discarded the other 2"))
        #expect(kept.table.map(\.file) == ["b.jpg", "d.jpg", "e.jpg", "f.jpg"])
        #expect(kept.photos[Sketch.id("a")]?.discarded == true && kept.photos[Sketch.id("c")]?.discarded == true)
        let patch = ProjectPatch.between(project, kept)
        var back = kept
        patch.apply(to: &back, reverse: true)
        #expect(back == project, "one undo step brings the burst back")
        let stacksPatch = ProjectPatch.between(project, merged)
        #expect(stacksPatch.stacks != nil && !stacksPatch.isEmpty)
        var undone = merged
        stacksPatch.apply(to: &undone, reverse: true)
        #expect(undone.stacks == nil)
    }

    @Test func filtersTellBlurryClippedAndTheBestOfEachStack() throws {
        var (project, signals) = Self.project()
        project.photos[Sketch.id("c")]?.label = .red
        signals[Sketch.id("d")]?.shadows = 0.3  // too dark: crushed, nothing bright
        signals[Sketch.id("d")]?.brightest = 100
        var criteria = FilterCriteria(scope: .table)
        criteria.analysis = Analysis(project: project, signals: signals)
        criteria.sharp = false
        #expect(try project.filter(criteria).map(\.id) == [Sketch.id("c")])
        criteria.sharp = nil
        criteria.stackBest = true
        #expect(try project.filter(criteria).count == 4, "b, d, e and f (c and a are not the best of their stack)")
        criteria.stackBest = false
        criteria.clipped = true
        #expect(try project.filter(criteria).map(\.id) == [Sketch.id("d")])
        var labelled = FilterCriteria(scope: .table)
        labelled.label = .red
        #expect(try project.filter(labelled).map(\.id) == [Sketch.id("c")])
        var unmeasured = FilterCriteria(scope: .table)
        unmeasured.sharp = true
        #expect(try project.filter(unmeasured).isEmpty, "without an analysis nothing is known to be sharp")
    }

    @Test func labelTagsOfAnOlderDocumentBecomeLabelsAndOldUndoStepsStillApply() {
        var photo = Self.photo("a", at: 0)
        photo.tags = ["label:Red", "street", "label:summer"]
        var project = Project(name: "t", photos: [photo.id: photo])
        var rated = photo
        rated.rating = 4
        let old = ProjectPatch(photos: [.init(id: photo.id, before: photo, after: rated)], shelves: nil, albums: nil)
        project.photos[photo.id] = rated
        project.migrateLabelTags()
        let migrated = project.photos[photo.id]
        #expect(migrated?.label == .red && migrated?.tags == ["street", "label:summer"])
        #expect(old.conflicts(in: project, reverse: true).isEmpty, "a step recorded before the migration still fits")
        old.apply(to: &project, reverse: true)
        #expect(project.photos[photo.id]?.rating == 0 && project.photos[photo.id]?.label == .red)
    }
}
