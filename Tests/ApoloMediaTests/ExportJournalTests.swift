import ApoloCore
import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

/// The export's journal names each file before the file takes its final name, so that a run killed at any moment
/// leaves nothing a rerun cannot prove its own (`tests/export-faults.sh` kills real exports).
@Suite struct ExportJournalTests {
    let temporary = TemporaryFolder()
    var root: String { temporary.path }

    @Test func aFilesJournalLineIsWrittenBeforeItsRename() throws {
        let folder = try #require(try ExportFolder.open(parent: root, name: "j", create: true, wait: 1))
        let pending = ExportWriter.pendingName, prefix = ".apolo-tmp-0123456789abcdef-"
        try folder.write(Array((prefix + "\n").utf8), to: pending, temp: prefix + "pending")
        // a folder where the file should go: its rename fails, after its line was written
        try FixtureFiles.write([1], to: root + "/j/blocked.jpg/inside")
        let line = ExportWriter.journalLine(String(repeating: "ab", count: 32), "blocked.jpg")
        #expect(throws: ExportError.self) {
            try folder.write([1, 2, 3], to: "blocked.jpg", temp: prefix + "1", journal: (line, pending))
        }
        let second = ExportWriter.journalLine(ContentHash.of([4, 5]), "placed.jpg")
        try folder.write([4, 5], to: "placed.jpg", temp: prefix + "2", journal: (second, pending))
        let journal = try String(contentsOfFile: root + "/j/" + pending, encoding: .utf8)
        #expect(journal == prefix + "\n" + line + second)
        #expect(FileManager.default.contents(atPath: root + "/j/placed.jpg") == Data([4, 5]))
        #expect(!FileManager.default.fileExists(atPath: root + "/j/" + prefix + "1"), "the failed file's temp")
    }

    @Test func aJournalLineWhoseFileNeverArrivedIsNotCountedByTheRerun() throws {
        var items: [ExportItem] = []
        for (i, name) in ["b.jpg", "a.jpg"].enumerated() {
            let bytes = SamplePhoto("", seed: i, width: 16, height: 16).jpeg()
            try FixtureFiles.write(bytes, to: root + "/originals/" + name)
            items.append(
                ExportItem(
                    sequence: i + 1, album: "trip", id: ContentHash.of(bytes), original: root + "/originals/" + name,
                    name: "00\(i + 1)-trip-\(name)"))
        }
        let writer = ExportWriter(into: root + "/out", project: "p", force: true)
        _ = try writer.run(items, project: "p", dryRun: false)
        // as a run killed between a line and its rename leaves it: the line names a file that is not there
        var journal = ".apolo-tmp-0123456789abcdef-\n"
        for item in items { journal += ExportWriter.journalLine(item.id, item.name) }
        journal += ExportWriter.journalLine(String(repeating: "cd", count: 32), "003-trip-c.jpg")
        try FixtureFiles.write(Array(journal.utf8), to: root + "/out/p/" + ExportWriter.pendingName)
        try FileManager.default.removeItem(atPath: root + "/out/p/" + ExportManifest.fileName)
        let completed = try writer.run(items, project: "p", dryRun: false)
        #expect(completed.removed == 0 && completed.replaced == 2, "\(completed.removed), \(completed.replaced)")
        #expect(completed.files.map(\.name) == items.map(\.name))
    }
}
