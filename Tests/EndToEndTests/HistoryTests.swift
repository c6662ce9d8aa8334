import Foundation
import Testing

@Suite struct HistoryTests {
    /// Each command kind, run on a project prepared by the lines before it.
    static let steps: [String] = [
        "shelf create best", "shelf create maybe --at 1", "slide move table:1 --to best",
        "slide move table:1 --to best:1",
        "slide move table:1 --to maybe", "slide swap best:1 best:2", "slide swap best:1 maybe:1",
        "slide move best:2 --to table",
        "rate best:1 5", "tag add best:1 tram Street", "tag remove best:1 tram", "slide discard table:1",
        "slide restore discarded:1",
        "shelf rename maybe later", "shelf move later --down", "filter --tag street --into later",
        "filter --min-rating 0 --new-shelf all",
        "album compress best", "album compress all", "album move all --to 1", "album swap all best", "album reopen all",
        "album discard best --yes", "shelf delete later --yes"
    ]

    @Test func undoAndRedoRoundTripEveryCommandKindByteForByte() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        var before = box.document("trip")
        let imported = box.apolo("import", Samples.lisbon)
        #expect(imported.code == 0)
        var after = box.document("trip")
        #expect(box.apolo("undo").code == 0 && box.document("trip") == before, "undo of import")
        #expect(box.apolo("redo").code == 0 && box.document("trip") == after, "redo of import")
        for step in Self.steps {
            before = box.document("trip")
            let run = box.line(step)
            #expect(run.code == 0, "\(step): \(run)")
            after = box.document("trip")
            #expect(after != before, "\(step) changed nothing")
            let undo = box.apolo("undo")
            #expect(undo.code == 0 && box.document("trip") == before, "undo of \(step): \(undo)")
            let redo = box.apolo("redo")
            #expect(redo.code == 0 && box.document("trip") == after, "redo of \(step): \(redo)")
        }
        let history = try #require(json(box.apolo("history", "--json").out) as? [[String: Any]])
        #expect(history.count == Self.steps.count + 1)
        #expect(history.last?["command"] as? String == "apolo shelf delete later --yes")
    }

    @Test func aNewEditAfterUndoDropsTheRedoBranchAndHistorySurvivesReopening() {
        let box = Sandbox().tripWithPhotos()
        box.line("rate table:1 3")
        box.line("rate table:1 4")
        #expect(box.apolo("undo").out.contains("undid step 3"))
        box.line("tag add table:1 new")
        let redo = box.apolo("redo")
        #expect(redo.code == 1 && redo.err == "error: nothing to redo\n")
        box.line("project open other")
        box.line("project open trip")
        let history = box.apolo("history").out
        #expect(history.contains("apolo tag add table:1 new") && !history.contains("rate table:1 4"), "\(history)")
        #expect(box.apolo("undo", "9").err.contains("only 3 steps to undo"))
    }

    @Test func historyIsBounded() throws {
        var box = Sandbox().tripWithPhotos()
        box.environment["APOLO_HISTORY_LIMIT"] = "3"
        for stars in [1, 2, 3, 4, 5, 0, 1] { box.line("rate table:1 \(stars)") }
        let history = try #require(json(box.apolo("history", "--json").out) as? [[String: Any]])
        #expect(history.count <= 4 && history.count >= 3, "\(history.count) steps kept")
        #expect(history.last?["command"] as? String == "apolo rate table:1 1")
    }
}

@Suite struct BatchTests {
    @Test func aScriptAppliesAtomicallyAndUndoesInOneStep() throws {
        let box = Sandbox().tripWithPhotos()
        let before = box.document("trip")
        let script =
            """
            # choose\nshelf create 'best of'\napolo slide move table:1 --to \"best of\"   # drag\n\nrate 'best of:1' \
            5\n
            """
        try script.write(toFile: box.root + "/pick.apolo", atomically: true, encoding: .utf8)
        let dry = box.apolo("run", "--dry-run", "pick.apolo")
        #expect(dry.code == 0 && dry.out.contains("line 5: rated") && box.document("trip") == before, "\(dry)")
        let run = box.apolo("run", "pick.apolo")
        #expect(run.code == 0 && run.out.contains("applied 3 commands in one step"), "\(run)")
        #expect(box.apolo("shelf", "show", "best of").out.contains("★★★★★"))
        #expect(box.apolo("undo").code == 0 && box.document("trip") == before)
    }

    @Test(arguments: [
        (
            "shelf create x\nslide move table:99 --to x\nrate table:1 5\n",
            "line 2 (slide move table:99 --to x): no slide at table:99", Int32(1)
        ),
        ("shelf create x\ntable\n", "line 2 (table): only commands that change the project", 2),
        ("shelf create x\nfrobnicate now\n", "line 2 (frobnicate now)", 2),
        ("shelf create 'x\n", "line 1: unclosed ' quote", 2),
        ("shelf create x\nshelf delete x\n", "line 2 (shelf delete x): delete shelf 'x' with 0 slides needs --yes", 1),
        ("# only a comment\n", "holds no commands", 2)
    ])
    func aBadLineAnywhereChangesNothing(script: String, message: String, code: Int32) {
        let box = Sandbox().tripWithPhotos()
        let before = box.document("trip")
        let run = box.run(["run", "-"], stdin: script)
        #expect(run.code == code && run.err.contains(message) && run.errLines.count == 1, "\(run)")
        #expect(box.document("trip") == before)
    }
}
