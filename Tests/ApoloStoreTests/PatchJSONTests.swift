import ApoloCore
import Foundation
import Testing
@testable import ApoloStore

/// A history step's patch written photo by photo is byte for byte what `JSONEncoder` writes of the whole.
@Suite struct PatchJSONTests {
    func both(_ patch: ProjectPatch) throws -> (whole: [UInt8], pieces: [UInt8]) {
        let encoder = HistoryLog.encoder
        var pieces: [UInt8] = []
        try PatchJSON.write(patch, with: encoder, into: &pieces)
        return (Array(try encoder.encode(patch)), pieces)
    }

    @Test func aPatchOfEveryPartIsWrittenAsTheEncoderWritesIt() throws {
        let before = try Sketch.project("table: a b | best: c*5#street | people: 1:Ana=a/0")
        var after = try Sketch.project(
            "table: a*2%red d | best: c b | album trip: b | people: 1:Ana=a/0,d/0 2=c/1")
        after.stacks = StackChoices(cuts: [Sketch.id("a")], joins: [], gap: 2)
        after.shares = [
            Share(
                number: 1, title: "Trip \"best\" / ünï", source: "best", photos: [Sketch.id("c")], token: "t0k",
                created: "2026-11-26T10:00:00Z")
        ]
        let patch = ProjectPatch.between(before, after)
        #expect(patch.albums != nil && patch.shelves != nil, "\(patch)")
        #expect(patch.stacks != nil && patch.shares != nil)
        #expect(patch.people != nil && patch.photos.count >= 3)
        let (whole, pieces) = try both(patch)
        #expect(pieces == whole, "\(String(decoding: pieces, as: UTF8.self))")
        #expect(try both(.none).pieces == Array("{\"photos\":[]}".utf8))
        #expect(try JSONDecoder().decode(ProjectPatch.self, from: Data(pieces)) == patch)
    }

    @Test func aStepOfManyPhotosIsWrittenAsItIsMadeAndReadBackWhole() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("apolo-patch-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let home = Home(root: root)
        try FileManager.default.createDirectory(atPath: home.projectsFolder, withIntermediateDirectories: true)
        let before = try Sketch.project("table: a")
        var after = before
        for i in 0..<3000 {  // about 1.4 MB of changes: written in two pieces
            var photo = Sketch.photo("p\(i)")
            photo.tags = ["a tag long enough to make each change weigh about four hundred and fifty bytes"]
            after.photos[photo.id] = photo
        }
        let patch = ProjectPatch.between(before, after)
        let log = HistoryLog(home: home, project: "big", limit: 10)
        let entry = HistoryEntry(command: "import", date: "2026-11-26T10:00:00Z", summary: "imported 3000")
        let pending = try log.record(entry, patch, revision: "r0", next: "r1")
        let bytes = try #require(FileManager.default.contents(atPath: log.path)).map { $0 }
        #expect(bytes.count > 1 << 20 && pending.number == 1)
        #expect(bytes.last == 10 && bytes.filter { $0 == 10 }.count == 1, "one line")
        let tab = try #require(bytes.firstIndex(of: 9))
        let read = try JSONDecoder().decode(ProjectPatch.self, from: Data(bytes[(tab + 1)..<(bytes.count - 1)]))
        #expect(read == patch)
        var whole = try HistoryLog.encode(
            try #require(log.state(revision: "r1", repair: false).steps.first?.entry), patch)
        whole.append(10)
        #expect(whole == bytes, "the same bytes as the step made whole")
    }
}
