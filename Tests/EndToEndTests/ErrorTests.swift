import Foundation
import Testing

@Suite struct BadInputTests {
    static let cases: [(String, String, Int32)] = [
        ("shelf create table", "'table' is reserved", 1),
        ("shelf create a:b", "cannot contain ':' or '/'", 1),
        ("shelf create best", "a shelf named 'best' already exists", 1),
        ("shelf rename nope x", "no shelf named 'nope' (shelves: best, empty)", 1),
        ("slide move table:99 --to best", "no slide at table:99: table has", 1),
        (
            "slide move table:1 --to nope",
            "no shelf or album named 'nope' (places: table; shelves: best, empty; albums: trip)", 1
        ),
        (
            "slide move table:1 --to trip",
            "album 'trip' is locked; reopen it as a shelf first: apolo album reopen trip", 1
        ),
        ("slide move trip:1 --to best", "album 'trip' is locked", 1),
        ("slide move table:1 --to best:7", "use 1–2 (2 appends)", 1),
        ("slide move nothing.jpg --to best", "no slide or photo matches 'nothing.jpg'", 1),
        ("slide swap table:1 best:1", "only shelf slides can be swapped", 1),
        ("rate table:1 9", "rating must be 0–5", 1),
        ("rate table:1 five", "five", 2),
        ("tag add table:1 ", "a tag cannot be empty", 1),
        ("tag remove table:1 nope", "has no tag 'nope'", 1),
        ("filter --rating 3 --min-rating 2", "give one of --rating, --min-rating and --unrated", 2),
        ("filter --from nowhere", "--from must be one of", 2),
        ("filter --tag x --into nope", "no shelf named 'nope'", 1),
        ("album compress empty", "shelf 'empty' is empty", 1),
        ("album reopen nope", "no album named 'nope' (albums: trip)", 1),
        ("album move trip --to 5", "album position 5 is out of range (1–1)", 1),
        ("shelf delete best", "needs confirmation and there is no terminal to ask on: pass --yes", 1),
        ("album discard trip", "pass --yes", 1),
        ("project new ../escape", "contains '/'", 1),
        ("project new .hidden", "starts with '.'", 1),
        ("project discard trip --yes", "'trip' is the open project", 1),
        ("project rename nope x", "no project named 'nope' (projects: trip)", 1),
        ("frobnicate", "frobnicate", 2),
        ("slide move table:1", "--to", 2),
        ("shelf move best --up --down", "exactly one of --up, --down, --to", 2),
        (
            "project open tirp",
            "no project named 'tirp'; did you mean 'trip'? use 'apolo project new tirp' to create it", 1
        ),
        ("rate table:1-99 3", "no slide at table:99", 1),
        ("slide discard table:3-1", "is not a range of positions", 1),
        ("rate table:1", "name at least one photo and the stars", 2)
    ]

    /// The project every case starts from, built once; each case works on its own copy.
    static let prepared: Sandbox = {
        let box = Sandbox().tripWithPhotos()
        for setup in [
            "shelf create best", "slide move table:1 --to best", "shelf create album-src",
            "slide move table:1 --to album-src",
            "album compress album-src", "album reopen album-src", "shelf rename album-src trip", "album compress trip",
            "shelf create empty"
        ] {
            precondition(box.run(setup.split(separator: " ").map(String.init)).code == 0, "setup failed: \(setup)")
        }
        return box
    }()

    @Test(arguments: cases.indices)
    func badInputIsOneErrorLineAndChangesNothing(_ index: Int) throws {
        let (line, message, code) = Self.cases[index]
        let box = try Sandbox(copying: Self.prepared)
        let before = box.document("trip")
        #expect(!before.isEmpty)
        var arguments = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if line.hasSuffix(" ") { arguments.append("") }
        let run = box.run(arguments)
        #expect(run.code == code, "\(line): \(run)")
        #expect(run.errLines.count == 1 && run.err.hasPrefix("error: "), "\(line): \(run)")
        #expect(run.err.contains(message), "\(line): \(run)")
        #expect(run.out.isEmpty, "\(line): \(run)")
        #expect(box.document("trip") == before, "\(line) changed the document")
    }
}

@Suite struct FailureModeTests {
    @Test func anUnparseableDocumentIsNamedAndNeverOverwritten() throws {
        let box = Sandbox().tripWithPhotos()
        let path = box.home + "/projects/trip.json"
        let damaged = Array(box.document("trip").prefix(200))
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        for arguments in [["rate", "table:1", "3"], ["table"], ["import", Samples.lisbon], ["shelf", "create", "x"]] {
            let run = box.run(arguments)
            #expect(run.code == 4, "\(arguments): \(run)")
            #expect(run.err.hasPrefix("error: cannot read project document \(path): it is not valid JSON"), "\(run)")
            #expect(box.document("trip") == damaged)
        }
    }

    @Test func commandsThatNeedAProjectSaySoWhenNoneIsOpen() {
        let run = Sandbox().apolo("table")
        #expect(run.code == 1 && run.err == "error: no project is open; create one with: apolo project new NAME\n")
    }

    @Test func importReportsEachBadFileAndKeepsGoing() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        let missing = box.apolo("import", Samples.lisbon, box.root + "/missing")
        #expect(
            missing.code == 1
                && missing.err == "error: \(box.root)/missing: no such file or directory; nothing was imported\n",
            "\(missing)")
        #expect(
            box.apolo("table").out.contains("the table is empty"), "a named path that does not exist imports nothing")
        let run = box.apolo("import", Samples.broken, Samples.lisbon)
        #expect(run.code == 3, "\(run)")
        #expect(
            run.out.hasPrefix("imported 11, duplicates 1, failed 2, skipped 1 (not photos), warnings 1\nanalysed: "),
            "\(run)")
        #expect(run.err.contains("failed: \(Samples.broken)/truncated.jpg: truncated JPEG"))
        #expect(run.err.contains("failed: \(Samples.broken)/empty.jpg: empty file"))
        #expect(run.err.contains("skipped: \(Samples.broken)/notes.txt: not an image"))
        #expect(run.err.contains("warning: \(Samples.broken)/broken-exif.jpg: broken EXIF"))
        let named = box.apolo("import", Samples.broken + "/notes.txt")
        #expect(
            named.code == 3 && named.err.contains("failed: \(Samples.broken)/notes.txt: not an image"),
            "a named file that is no photo fails")
        let again = box.apolo("import", Samples.lisbon)
        #expect(again.code == 0 && again.out == "imported 0, duplicates 11, failed 0\n", "\(again)")
        let report = try #require(
            json(box.apolo("import", "--json", Samples.broken + "/notes.txt").out) as? [String: Any])
        #expect(
            Set(report.keys) == [
                "imported", "duplicates", "relinked", "paired", "failed", "skipped", "warnings", "interrupted"
            ])
    }

    @Test func twoProcessesEditingAtOnceLoseNothing() throws {
        let box = Sandbox().tripWithPhotos()
        let group = DispatchGroup()
        for worker in 0..<2 {
            DispatchQueue.global().async(group: group) {
                for i in 1...12 { box.apolo("tag", "add", "table:\(worker * 5 + 1 + i % 5)", "w\(worker)-\(i)") }
            }
        }
        group.wait()
        let tags = try #require(json(box.apolo("tag", "list", "--json").out) as? [[String: Any]])
        #expect(tags.count == 24, "lost edits: \(tags.count) of 24 tags")
    }

    @Test func destructiveCommandsAskOnlyWithYesWithoutATerminal() {
        let box = Sandbox().tripWithPhotos()
        box.apolo("shelf", "create", "best")
        box.apolo("slide", "move", "table:1", "--to", "best")
        let run = box.apolo("shelf", "delete", "best", "--yes")
        #expect(run.code == 0 && run.out.contains("1 slide returned to the table"), "\(run)")
        #expect(box.apolo("table").out.contains("IMG_0101.jpg"))
    }
}

@Suite struct HostileTextTests {
    @Test(arguments: ["\rab\u{1B}[31mc", "x\u{0B}y", "line\nbreak"])
    func controlCharactersInInputNeverBreakTheOneLineErrorOrReachTheTerminal(_ word: String) {
        let box = Sandbox().tripWithPhotos()
        for arguments in [[word], ["shelf", "create", word], ["slide", "move", word, "--to", "table"]] {
            let run = box.run(arguments)
            #expect(run.code == 1 || run.code == 2, "\(arguments): \(run)")
            #expect(run.err.hasPrefix("error: ") && run.err.filter { $0 == "\n" }.count == 1, "\(arguments): \(run)")
            #expect(
                !run.err.contains("\u{1B}") && !run.err.contains("\r") && !run.err.contains("\u{0B}"),
                "\(arguments): \(run)")
        }
    }
}
