import ApoloCore
import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

@Suite struct ExportWriterTests {
    let temporary = TemporaryFolder()
    var root: String { temporary.path }

    /// Two originals and a plan that exports them in the order b, a.
    func setUp() throws -> [ExportItem] {
        var items: [ExportItem] = []
        for (i, name) in ["b.jpg", "a.jpg"].enumerated() {
            let bytes = SamplePhoto("", seed: i, width: 16, height: 16).jpeg()
            try FixtureFiles.write(bytes, to: root + "/originals/" + name, modified: 1_600_000_000 + i)
            items.append(
                ExportItem(
                    sequence: i + 1, album: "trip", id: ContentHash.of(bytes), original: root + "/originals/" + name,
                    name: "00\(i + 1)-trip-\(name)"))
        }
        return items
    }

    func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func copiesByteIdenticalInOrderWithManifestAndLeavesOriginalsAlone() throws {
        let items = try setUp()
        let before = items.map { FileManager.default.contents(atPath: $0.original) }
        let report = try ExportWriter(into: root + "/out", project: "p", force: false).run(
            items, project: "p", dryRun: false)
        #expect(listing(root + "/out/p") == ["001-trip-b.jpg", "002-trip-a.jpg", "apolo-export.json"])
        for item in items {
            #expect(
                FileManager.default.contents(atPath: root + "/out/p/" + item.name)
                    == FileManager.default.contents(atPath: item.original))
            let copied =
                try FileManager.default.attributesOfItem(atPath: root + "/out/p/" + item.name)[.modificationDate]
                as? Date
            let original = try FileManager.default.attributesOfItem(atPath: item.original)[.modificationDate] as? Date
            #expect(copied == original)
        }
        #expect(items.map { FileManager.default.contents(atPath: $0.original) } == before)
        #expect(report.files.map(\.sequence) == [1, 2] && report.warnings.isEmpty)
        let manifest = try JSONDecoder().decode(
            ExportManifest.self, from: try Data(contentsOf: URL(fileURLWithPath: root + "/out/p/apolo-export.json")))
        #expect(manifest.files.map(\.name) == items.map(\.name) && manifest.files.map(\.hash) == items.map(\.id))
    }

    @Test func nonEmptyFolderNeedsForceAndForceTouchesOnlyApolosFiles() throws {
        let items = try setUp()
        let writer = ExportWriter(into: root + "/out", project: "p", force: false)
        _ = try writer.run(items, project: "p", dryRun: false)
        #expect(throws: ExportError.self) { try writer.run(items, project: "p", dryRun: false) }
        let forced = try ExportWriter(into: root + "/out", project: "p", force: true).run(
            Array(items.prefix(1)), project: "p", dryRun: false)
        #expect(forced.replaced == 1 && forced.removed == 1)
        #expect(listing(root + "/out/p") == ["001-trip-b.jpg", "apolo-export.json"])
        try FixtureFiles.write([1, 2, 3], to: root + "/out/p/mine.txt")
        #expect(throws: ExportError.self) {
            try ExportWriter(into: root + "/out", project: "p", force: true).run(items, project: "p", dryRun: false)
        }
        #expect(FileManager.default.contents(atPath: root + "/out/p/mine.txt") == Data([1, 2, 3]))
    }

    @Test func foreignFolderIsRefusedEvenWithForce() throws {
        let items = try setUp()
        try FixtureFiles.write([9], to: root + "/out/p/holiday.jpg")
        #expect(throws: ExportError.self) {
            try ExportWriter(into: root + "/out", project: "p", force: true).run(items, project: "p", dryRun: false)
        }
        #expect(listing(root + "/out/p") == ["holiday.jpg"])
    }

    @Test func symlinkedTargetIsRefused() throws {
        let items = try setUp()
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/out/p", withDestinationPath: root + "/elsewhere")
        #expect(throws: ExportError.self) {
            try ExportWriter(into: root + "/out", project: "p", force: true).run(items, project: "p", dryRun: false)
        }
        #expect(listing(root + "/elsewhere").isEmpty)
    }

    @Test func dryRunWritesNothingAndMissingOriginalsStopBeforeWriting() throws {
        let items = try setUp()
        let report = try ExportWriter(into: root + "/out", project: "p", force: false).run(
            items, project: "p", dryRun: true)
        #expect(report.dryRun && report.files.count == 2 && !FileManager.default.fileExists(atPath: root + "/out"))
        try FileManager.default.removeItem(atPath: items[1].original)
        #expect(throws: ExportError.self) {
            try ExportWriter(into: root + "/out", project: "p", force: false).run(items, project: "p", dryRun: false)
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/out/p/001-trip-b.jpg"))
    }

    /// After a failed run with sidecars, the completing run kept every sidecar it had
    /// just written (16 of 24 were deleted) and did not call them photos in no album; a folder exported with
    /// sidecars can be exported into again with --force (the stem-named sidecar is apolo's own).
    @Test func sidecarsOfAKilledRunAreKeptAndAForcedExportWithSidecarsIsAccepted() throws {
        let items = try setUp()
        var writer = ExportWriter(into: root + "/out", project: "p", force: true)
        writer.sidecars = true
        _ = try writer.run(items, project: "p", dryRun: false)
        let again = try writer.run(items, project: "p", dryRun: false)
        #expect(again.removed == 0 && again.dropped == 0)
        let written = listing(root + "/out/p")
        #expect(written.filter { $0.hasSuffix(".xmp") }.count == 4, "\(written)")
        // as a killed run leaves it: its journal names each file and its two sidecars, and no manifest is there
        let manifest = ExportManifest.decode(
            Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath:
                            root + "/out/p/apolo-export.json"))))
        var journal = ".apolo-tmp-0123456789abcdef-\n"
        for entry in try #require(manifest).files {
            journal += ExportWriter.journalLine(entry.written ?? entry.hash, entry.name)
            for name in [entry.name + ".xmp", Sidecar.stemName(of: entry.name)] {
                journal += ExportWriter.journalLine(try #require(entry.sidecar), name)
            }
        }
        try FixtureFiles.write(Array(journal.utf8), to: root + "/out/p/.apolo-export-pending")
        try FileManager.default.removeItem(atPath: root + "/out/p/apolo-export.json")
        let completed = try writer.run(items, project: "p", dryRun: false)
        #expect(
            completed.removed == 0 && completed.dropped == 0,
            "removed \(completed.removed), dropped \(completed.dropped)")
        #expect(listing(root + "/out/p") == written)
    }

    @Test(arguments: ["a\nb.jpg", "back\\slash\\n.jpg", "crlf\r\n.jpg", "plain.jpg"])
    func aJournalLineNamesExactlyOneFileWhateverItsName(_ name: String) throws {
        let hash = String(repeating: "ab", count: 32)
        let line = ExportWriter.journalLine(hash, name)
        #expect(line.utf8.filter { $0 == 10 }.count == 1 && line.hasSuffix("\n"), "one line: \(line.debugDescription)")
        let entry = try #require(ExportWriter.journalEntry(String(line.dropLast())))
        #expect(entry.name == name && entry.hash == hash)
    }
}
