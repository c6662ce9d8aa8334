import ApoloCore
import Foundation
import Testing
@testable import ApoloStore

/// A fresh APOLO_HOME under the temp folder, removed when the test ends.
final class TemporaryHome {
    let store: ProjectStore

    init() {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("apolo-store-\(UUID().uuidString)")
            .path
        store = ProjectStore(home: Home(root: root), lockTimeout: 0.2)
    }

    deinit { try? FileManager.default.removeItem(atPath: store.home.root) }
}

func bytes(_ path: String) -> [UInt8] { (FileManager.default.contents(atPath: path)).map(Array.init) ?? [] }

@Suite struct DocumentTests {
    @Test func documentsAreSortedReadableAndStable() throws {
        let project = try Sketch.project("table: b | best: a*5#street | album trip: c", name: "trip")
        let first = try DocumentCodec.encode(project)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("\"format\" : \"apolo-project\"") && text.contains("\"version\" : 5"))
        #expect(
            text.contains(
                "\"\(Sketch.id("a"))\" : {\"bytes\": 1000, \"captured\": \"2024-01-01T00:00:00\", \"discarded\": false,"
            ), "one photo a line")
        #expect(text.range(of: "\"albums\"")!.lowerBound < text.range(of: "\"shelves\"")!.lowerBound)
        let again = try DocumentCodec.encode(try DocumentCodec.decode(first))
        #expect(again == first)
    }

    @Test func saveTwiceGivesIdenticalBytesAndNoTempFiles() throws {
        let home = TemporaryHome()
        let store = home.store
        let project = try store.create("trip")
        let path = store.home.document("trip")
        let before = bytes(path)
        try store.withLock("trip") { try store.save(project) }
        #expect(bytes(path) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.home.projectsFolder).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("{ not json", "not valid JSON"),
        (#"{"format": "something-else", "version": 1}"#, "not an apolo project"),
        (#"{"format": "apolo-project", "version": 99}"#, "newer than this apolo understands"),
        (
            #"""
            {"format": "apolo-project", "version": 1, "name": "t", "photos": {}, "shelves": [{"name": "x", \#
            "slides": 5}], "albums": []}
            """#,
            "at shelves.[0].slides"
        ),
        (
            #"""
            {"format": "apolo-project", "version": 1, "name": "t", "photos": {}, "shelves": [{"name": "x", \#
            "slides": ["abc"]}], "albums": []}
            """#,
            "unknown photo abc"
        ),
        (
            #"{"format": "apolo-project", "version": 1, "name": "t", "shelves": [], "albums": []}"#,
            "missing key 'photos'"
        ),
        (
            #"""
            {"format": "apolo-project", "version": 1, "name": "t", "photos": \#
            {"ab00000000000000000000000000000000000000000000000000000000000000": {"id": \#
            "ab00000000000000000000000000000000000000000000000000000000000000", "file": "a.jpg", "path": "/a.jpg", \#
            "bytes": 1, "modified": "2024-01-01T00:00:00.000Z", "format": "jpeg", "orientation": 1, "tags": [], \#
            "rating": 0, "discarded": false}, "ab00000000000000000000000000000000000000000000000000000000000000": \#
            {"id": "ab00000000000000000000000000000000000000000000000000000000000000", "file": "a.jpg", "path": \#
            "/a.jpg", "bytes": 1, "modified": "2024-01-01T00:00:00.000Z", "format": "jpeg", "orientation": 1, \#
            "tags": [], "rating": 0, "discarded": false}}, "shelves": [], "albums": []}
            """#,
            "photo ab00000000000000000000000000000000000000000000000000000000000000 appears twice"
        )
    ])
    func badDocumentsAreNamedAndNeverOverwritten(content: String, problem: String) throws {
        let home = TemporaryHome()
        let store = home.store
        _ = try store.create("trip")
        let path = store.home.document("trip")
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try store.load("trip")
            Issue.record("expected an error for \(content)")
        } catch let error as StoreError {
            #expect(error.description.contains(path))
            #expect(error.description.contains(problem), "\(error)")
        }
        #expect(bytes(path) == Array(content.utf8))
    }
}

@Suite struct LockTests {
    @Test func aHeldLockMakesOthersWaitThenFailWithBusy() throws {
        let home = TemporaryHome()
        let store = home.store
        _ = try store.create("trip")
        try store.withLock("trip") {
            #expect(throws: StoreError.busy(project: "trip", seconds: 0.2)) {
                try store.withLock("trip") {}
            }
        }
        try store.withLock("trip") {}
    }

    @Test func staleTempFilesFromAKilledSaveAreRemovedUnderTheLock() throws {
        let home = TemporaryHome()
        let store = home.store
        _ = try store.create("trip")
        let stale = store.home.projectsFolder + "/.trip.json.tmp-99999"
        try Data("half".utf8).write(to: URL(fileURLWithPath: stale))
        try store.withLock("trip") {}
        #expect(!FileManager.default.fileExists(atPath: stale))
    }
}

@Suite struct ProjectOperationTests {
    @Test func createOpenRenameCopyDiscard() throws {
        let home = TemporaryHome()
        let store = home.store
        #expect(throws: StoreError.self) { try store.requireCurrent() }
        _ = try store.create("trip")
        try store.setCurrent("trip")
        #expect(throws: StoreError.projectExists("trip")) { try store.create("trip") }
        #expect(throws: CoreError.self) { try store.create("../escape") }
        let copy = try store.saveAs("trip", name: "trip-copy")
        #expect(copy.name == "trip-copy" && store.names() == ["trip", "trip-copy"])
        try store.rename("trip", to: "lisbon")
        #expect(try store.currentName() == "lisbon")
        #expect(try store.load("lisbon").name == "lisbon")
        #expect(throws: StoreError.self) { try store.discard("lisbon") }
        try store.discard("trip-copy")
        #expect(store.names() == ["lisbon"])
    }

    /// save-as took the project's lock, then the home's; rename the home's, then the project's: racing, each
    /// waited for the other until its time ran out ("busy"). One order now: home first.
    @Test func saveAsAndRenameRacingNeverWaitOnEachOther() throws {
        let home = TemporaryHome()
        let store = ProjectStore(home: home.store.home, lockTimeout: 2)
        _ = try store.create("trip")
        let failures = ParallelFailures()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in 0..<40 {
                do {
                    if worker == 0 {
                        _ = try store.saveAs("trip", name: "copy-\(i)")
                    } else {
                        try store.rename("trip", to: "moved")
                        try store.rename("moved", to: "trip")
                    }
                } catch let error as StoreError {
                    if case .noProject = error { continue }  // saved as while renamed away: a fair refusal
                    failures.add("\(error)")
                } catch { failures.add("\(error)") }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    }

    @Test func homeFollowsTheEnvironment() {
        #expect(Home(environment: ["APOLO_HOME": "/x/y"]).root == "/x/y")
        #expect(Home(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).root == "/d/apolo")
        #expect(Home(environment: ["HOME": "/h"]).root == "/h/.local/share/apolo")
    }
}

@Suite struct WriterTests {
    @Test func theWriterRoundTripsEveryFieldAndAwkwardText() throws {
        var project = try Sketch.project("table: a | best: b*3#x | album trip: c", name: "trip \"quoted\"")
        var odd = Sketch.photo("odd")
        odd.file = "new\nline \"q\" back\\slash tab\t ünï ☃ \u{1}.jpg"
        odd.path = "/photos/" + odd.file
        odd.make = "Make"
        odd.model = "Model"
        odd.width = 4000
        odd.height = 3000
        odd.captured = nil
        odd.tags = ["a/b", "ĉ"]
        odd.discarded = true
        (odd.exposure, odd.aperture, odd.iso, odd.focal, odd.lens) = ("1/250", "2.8", 400, "35", "Lens \"q\" ☃")
        odd.pair = Pair(
            id: String(repeating: "e", count: 64), file: "odd.JPG", path: "/photos/odd \"q\".JPG", bytes: 12)
        project.photos[odd.id] = odd
        project.people = People(
            persons: [
                Person(id: 2, name: "Ana \"q\" ☃", faces: [FaceKey.of(odd.id, 0), FaceKey.of(Sketch.id("a"), 3)])
            ],
            ignored: [FaceKey.of(odd.id, 1)], next: 4)
        let bytes = try DocumentCodec.encode(project)
        #expect(try DocumentCodec.decode(bytes) == project)
        let foundation = try JSONDecoder().decode(Project.self, from: Data(bytes))
        #expect(foundation == project)
        let empty =
            "{\n  \"albums\" : [],\n  \"format\" : \"apolo-project\",\n  \"name\" : \"empty\",\n"
            + "  \"photos\" : {},\n  \"shelves\" : [],\n  \"version\" : 5\n}\n"
        #expect(try DocumentCodec.encode(Project(name: "empty")) == Array(empty.utf8))
    }
}

final class ParallelFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ text: String) { lock.lock(); list.append(text); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
