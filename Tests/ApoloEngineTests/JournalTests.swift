import ApoloCore
import ApoloEngine
import ApoloStore
import Foundation
import Testing

/// A large project's changes saved as journal lines (the light table's way): every load sees them, a line cut
/// short costs only itself, a journal left over from another revision is never replayed, and a whole save folds
/// the journal in.
@Suite(.serialized) struct JournalTests {
    let scratch = Scratch("apolo-journal")
    var root: String { scratch.path }

    /// A project of four photos; the engine's store keeps journals for documents of any size.
    func fresh(_ name: String) throws -> (Engine, ProjectStore) {
        let plain = ProjectStore(home: Home(root: root + "/" + name), lockTimeout: 1)
        _ = try plain.create("trip")
        try plain.setCurrent("trip")
        let photos = (1...4).map { i in
            Photo(
                id: String(repeating: "\(i)", count: 64), file: "IMG_\(i).jpg", path: "/nonexistent/IMG_\(i).jpg",
                bytes: 1, modified: "2024-05-01T08:0\(i):00Z")
        }
        _ = try Engine(store: plain).apply([Change(AddPhotos(photos))], command: "apolo import")
        return (Engine(store: plain.keepingJournals(from: 0)), plain)
    }

    func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map(Array.init) }

    @Test func changesGoToTheJournalAndEveryLoadSeesThem() throws {
        let (engine, plain) = try fresh("seen")
        let document = plain.home.document("trip"), journal = plain.home.journal("trip")
        let before = contents(document)
        _ = try engine.apply([Change(Rate("table:1", 4))], command: "apolo rate table:1 4")
        let outcome = try engine.apply(
            [Change(ShelfCreate(name: "best")), Change(SlideMove("table:2", to: "best"))], command: "apolo …")
        let rewritten = contents(document) != before
        #expect(!rewritten, "the document is not written again")
        #expect(String(decoding: contents(journal) ?? [], as: UTF8.self).split(separator: "\n").count == 3)
        #expect(try plain.load("trip") == outcome.project, "a command line load replays the journal")
        // a command line edit writes the document whole, with the journal's changes, and removes the journal
        let cli = try Engine(store: plain).apply([Change(Rate("best:1", 2))], command: "apolo rate best:1 2")
        #expect(contents(journal) == nil)
        let saved = try plain.load("trip")
        #expect(
            saved == cli.project && saved.shelves.map(\.name) == ["best"]
                && saved.photos.values.contains { $0.rating == 4 })
        _ = try engine.walk(3, back: true, expect: nil)
        #expect(try plain.load("trip").photos.values.allSatisfy { $0.rating == 0 }, "undo walks back over both")
    }

    @Test func aLineCutShortCostsOnlyItselfAndTheNextSaveIsWhole() throws {
        let (engine, plain) = try fresh("cut")
        let journal = plain.home.journal("trip")
        _ = try engine.apply([Change(Rate("table:1", 1))], command: "apolo rate table:1 1")
        let kept = try plain.load("trip")
        _ = try engine.apply([Change(Rate("table:2", 2))], command: "apolo rate table:2 2")
        let whole = try #require(contents(journal))
        try Data(whole.dropLast(20)).write(to: URL(fileURLWithPath: journal))  // a power cut mid-line
        #expect(try plain.load("trip") == kept)
        // the journal is not as the engine's store left it: this change writes the document whole
        let next = try engine.apply([Change(Rate("table:3", 3))], command: "apolo rate table:3 3")
        #expect(try contents(journal) == nil && plain.load("trip") == next.project)
        #expect(next.project.photos.values.map(\.rating).sorted() == [0, 0, 1, 3])
    }

    @Test func aJournalFromAnotherRevisionOrBrokenIsNeverReplayed() throws {
        let (engine, plain) = try fresh("stale")
        let journal = plain.home.journal("trip")
        let rated = try engine.apply([Change(Rate("table:1", 5))], command: "apolo rate table:1 5").project
        let lines = try #require(contents(journal))
        #expect(try plain.load("trip") == rated)
        // a line that chains and applies but breaks a rule (a rating of 9) is where the replay stops
        let line = String(decoding: lines.split(separator: 10)[1], as: UTF8.self).split(separator: "\t")
        let nine = String(line[2]).replacingOccurrences(of: #""rating":5"#, with: #""rating":9"#)
            .replacingOccurrences(of: #""rating":0"#, with: #""rating":5"#)
        let broken = "\(line[1])\t\(HistoryLog.newRevision())\t\(nine)\n"
        try Data(lines + Array(broken.utf8)).write(to: URL(fileURLWithPath: journal))
        #expect(try nine.contains(#""rating":9"#) && plain.load("trip") == rated)
        try Data(lines).write(to: URL(fileURLWithPath: journal))
        // left over by a whole save cut short after its rename: the document is at another revision
        _ = try Engine(store: plain).apply([Change(Rate("table:2", 1))], command: "apolo rate table:2 1")
        let now = try plain.load("trip")
        try Data(lines).write(to: URL(fileURLWithPath: journal))
        #expect(try plain.load("trip") == now)
        // lines that are not apolo's, or whose change does not apply to the photos as they are, stop the replay
        let head = Array("apolo-journal 1 \(now.revision ?? "")\n".utf8)
        let body = lines.split(separator: 10, maxSplits: 1)[1]
        for tail in [
            Array("x\ty\tz\n".utf8), Array("\(now.revision ?? "")\tabc\t{\"photos\": [1]}\n".utf8), Array(body)
        ] {
            try Data(head + tail).write(to: URL(fileURLWithPath: journal))
            #expect(try plain.load("trip") == now)
        }
    }

    @Test func aJournalLargerThanApoloWritesIsRefusedInWords() throws {
        let (_, plain) = try fresh("huge")
        let journal = plain.home.journal("trip")
        _ = FileManager.default.createFile(atPath: journal, contents: nil)
        try FileHandle(forWritingAtPath: journal)?.truncate(atOffset: 65 << 20)  // sparse: no disk used
        #expect {
            try plain.load("trip")
        } throws: {
            "\($0)".contains("trip.journal") && "\($0)".contains("move it away to open the project")
        }
    }

    @Test func aWholeSaveBackAtTheJournalsStartIsNeverRedoneByIt() throws {
        let (engine, plain) = try fresh("back")
        let start = try plain.load("trip")
        _ = try engine.apply([Change(Rate("table:1", 5))], command: "apolo rate table:1 5")
        // a command line undo saves the project whole, back at the revision the journal starts from; were it cut
        // short after its rename with the journal still there, a load would replay the journal onto it (redoing the
        // undone change): the journal goes before the document is written
        WriteFaults.plan.withLock { $0 = WriteFaults.Plan(root: plain.home.root, failAt: 5) }
        defer { WriteFaults.plan.withLock { $0 = nil } }
        _ = try? Engine(store: plain).walk(1, back: true, expect: nil)
        WriteFaults.plan.withLock { $0 = nil }
        #expect(try plain.load("trip") == start)
    }

    @Test func foldingWritesTheProjectWholeAndSmallDocumentsNeverJournal() throws {
        let (engine, plain) = try fresh("fold")
        let outcome = try engine.apply([Change(Rate("table:4", 3))], command: "apolo rate table:4 3")
        try plain.withLock("trip") { try plain.fold("trip") }
        #expect(contents(plain.home.journal("trip")) == nil)
        #expect(try plain.load("trip") == outcome.project)
        let large = Engine(store: plain.keepingJournals(from: 1 << 30))
        _ = try large.apply([Change(Rate("table:4", 1))], command: "apolo rate table:4 1")
        #expect(contents(plain.home.journal("trip")) == nil, "a document under the size never has a journal")
    }
}
