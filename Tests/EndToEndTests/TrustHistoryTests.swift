import Foundation
import Testing

/// The undo history always matches the document: hand edits, phantom steps, damaged lines, re-created projects.
@Suite struct HistoryTrustTests {
    var log: (Sandbox) -> String { { $0.home + "/projects/trip.history.jsonl" } }

    @Test func undoRefusesToPatchADocumentEditedByHand() throws {
        let box = Sandbox().tripWithPhotos()
        for stars in [1, 2, 3] { box.line("rate table:1 \(stars)") }
        let path = box.home + "/projects/trip.json"
        let edited = String(decoding: box.document("trip"), as: UTF8.self).replacingOccurrences(
            of: "\"rating\": 3", with: "\"rating\": 5")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let before = box.document("trip")
        let undo = box.apolo("undo", "2")
        #expect(undo.code == 1 && undo.err.contains("the project was changed outside apolo since step 4"), "\(undo)")
        #expect(box.document("trip") == before, "nothing was saved")
        #expect(box.apolo("table").code == 0)
    }

    @Test func aStepWhoseDocumentWasNeverSavedIsDropped() throws {
        let box = Sandbox().tripWithPhotos()
        box.line("rate table:1 2")
        let saved = box.document("trip")
        let hint = try Data(contentsOf: URL(fileURLWithPath: box.home + "/projects/trip.history.position"))
        box.line("rate table:1 4")
        let lines = try String(contentsOfFile: log(box), encoding: .utf8).split(separator: "\n")
        // as if killed between writing the step and saving the document: document and hint as they were before
        try Data(saved).write(to: URL(fileURLWithPath: box.home + "/projects/trip.json"))
        try hint.write(to: URL(fileURLWithPath: box.home + "/projects/trip.history.position"))
        let undo = box.apolo("undo")
        #expect(undo.code == 0 && undo.out.contains("undid step 2"), "undo reverses the newest change present: \(undo)")
        #expect(box.apolo("redo").out.contains("redid step 2"))
        #expect(box.document("trip") == saved)
        let redo = box.apolo("redo")
        #expect(
            redo.code == 1 && redo.err.contains("nothing to redo"), "the unsaved step is gone: \(redo) \(lines.count)")
    }

    @Test func damagedAndHalfWrittenLinesAreSkippedWithAWarning() throws {
        let box = Sandbox().tripWithPhotos()
        box.line("rate table:1 2")
        box.line("rate table:1 3")
        var text = try String(contentsOfFile: log(box), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        lines[1] = "{\"command\": broken"  // the step of `rate table:1 2`
        text = lines.joined(separator: "\n") + "\n{\"command\":\"half"
        try text.write(toFile: log(box), atomically: true, encoding: .utf8)
        let history = box.apolo("history")
        #expect(
            history.code == 0 && history.err.contains("half-written step")
                && history.err.contains("damaged and was skipped"), "\(history)")
        #expect(box.apolo("undo").code == 0, "the newest step still undoes")
        let stop = box.apolo("undo")
        #expect(
            stop.code == 1 && stop.err.contains("step 2 of the undo history is damaged, so it cannot be undone"),
            "\(stop)")
    }

    @Test func aProjectMadeAgainUnderTheSameNameStartsAFreshHistory() throws {
        let box = Sandbox().tripWithPhotos()
        box.line("rate table:1 2")
        box.line("project new other")
        try FileManager.default.removeItem(atPath: box.home + "/projects/trip.json")
        box.line("project new trip")
        let history = box.apolo("history")
        #expect(history.out == "no changes recorded yet\n", "\(history)")
        #expect(box.apolo("undo").err.contains("nothing to undo"))
    }

    @Test func aDocumentCopiedInByHandSetsTheForeignHistoryAside() throws {
        let box = Sandbox().tripWithPhotos()
        box.line("rate table:1 2")
        box.line("project new other")
        box.line("project open trip")
        try FileManager.default.removeItem(atPath: box.home + "/projects/trip.json")
        try FileManager.default.copyItem(
            atPath: box.home + "/projects/other.json", toPath: box.home + "/projects/trip.json")
        let undo = box.apolo("undo")
        #expect(
            undo.code == 1 && undo.err.contains("did not belong to this document")
                && undo.err.contains("nothing to undo"), "\(undo)")
    }
}

/// Small promises a new user relies on.
@Suite struct PromiseTests {
    @Test func previewsAndThumbnailsAreMadeAfterTheCacheWasCleared() throws {
        let box = Sandbox().tripWithPhotos()
        #expect(box.apolo("cache", "clear").code == 0)
        let view = box.apolo("view", "table:1")
        #expect(view.code == 0 && view.out.contains("/cache/previews/"), "\(view)")
    }

    @Test func aSaveKeepsTheDocumentsPermissions() throws {
        let box = Sandbox().tripWithPhotos()
        let path = box.home + "/projects/trip.json"
        chmod(path, 0o600)
        box.line("rate table:1 3")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aScriptWithWindowsLineEndsRunsLineByLine() throws {
        let box = Sandbox().tripWithPhotos()
        let run = box.run(["run", "-"], stdin: "shelf create a\r\nslide move table:1 --to a\r\nrate a:1 4\r\n")
        #expect(run.code == 0 && run.out.contains("applied 3 commands in one step"), "\(run)")
        #expect(box.apolo("shelf", "show", "a").out.contains("★★★★☆"))
    }

    @Test func aListingRedirectedToAFileKeepsItsOrder() throws {
        let box = Sandbox().tripWithPhotos()
        for line in ["shelf create best", "slide move table:1 --to best", "album compress best"] { box.line(line) }
        let run = box.apolo("album", "show", "best")
        #expect(run.out.hasPrefix(" #") || run.out.hasPrefix("album"), "the header comes first: \(run.out)")
        let header = run.out.split(separator: "\n").first ?? ""
        #expect(!header.contains("IMG_"), "\(run.out)")
    }

    @Test func aStorageProblemIsExitFourInWords() throws {
        let box = Sandbox().tripWithPhotos()
        try? FileManager.default.removeItem(atPath: box.home + "/cache")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: box.home + "/cache"))
        let run = box.apolo("import", Samples.lisbon)
        #expect(run.code == 4 && run.err.contains("it is a file, but apolo keeps its cache folder there"), "\(run)")
        #expect(!run.err.contains("Error Domain") && !run.err.contains("(see: apolo"), "\(run)")
    }

    @Test func exportAfterAnAlbumSwapSaysTheFilesWereRenumbered() throws {
        let box = Sandbox().tripWithPhotos()
        for line in [
            "shelf create a", "slide move table:1 --to a", "album compress a", "shelf create b",
            "slide move table:1 --to b",
            "album compress b"
        ] { box.line(line) }
        #expect(box.apolo("export", "--to", "out").code == 0)
        box.line("album swap a b")
        let run = box.apolo("export", "--to", "out", "--force")
        #expect(
            run.code == 0 && run.out.contains("(removed 2 earlier files (renumbered))")
                && !run.out.contains("no longer"), "\(run)")
    }
}
