import Testing
@testable import ApoloCore

/// Undo and redo of every example: the patch between before and after restores each exactly.
@Suite struct PatchTests {
    /// The examples that succeed (the failing ones change nothing, which `ExamplesTests` checks).
    static let succeeding = ExamplesTests.all.indices.filter { ExamplesTests.all[$0].1.after != nil }

    @Test(arguments: succeeding)
    func everyEditRoundTripsThroughItsPatch(_ index: Int) throws {
        let example = ExamplesTests.all[index].1
        let before = try Sketch.project(example.before)
        let (after, _) = try example.edit.applied(to: before)
        let patch = ProjectPatch.between(before, after)
        var undone = after
        patch.apply(to: &undone, reverse: true)
        #expect(undone == before, "undo of \(example.line)")
        var redone = undone
        patch.apply(to: &redone, reverse: false)
        #expect(redone == after, "redo of \(example.line)")
    }

    @Test func aPatchKeepsOnlyWhatChanged() throws {
        let before = try Sketch.project("table: a b c d | one: e f | two: g")
        let (after, _) = try Rate("table:1", 3).applied(to: before)
        let patch = ProjectPatch.between(before, after)
        #expect(patch.photos.count == 1 && patch.shelves == nil && patch.albums == nil)
        let (moved, _) = try SlideSwap("one:1", "one:2").applied(to: before)
        let swap = ProjectPatch.between(before, moved)
        #expect(swap.photos.isEmpty && swap.shelves?.after.keys.sorted() == ["one"])
    }
}
