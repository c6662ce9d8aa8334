import ApoloFixtures
import Foundation
import Testing

/// `apolo ingest` run again, planned, and checked: copies recorded but never imported, duplicates on one card,
/// a backup that shares the destination's disk, a manifest that lists nothing.
@Suite struct IngestRerunTests {
    func card(_ box: Sandbox, shots: Int = 10) throws -> String {
        let card = box.root + "/card"
        try CardSet.write(count: shots, width: 96, height: 64, to: card)
        return card
    }

    @Test func aRerunImportsTheRecordedCopiesTheProjectLacks() throws {
        let box = Sandbox()
        let card = try card(box)
        let first = box.apolo("ingest", card, "--to", "out", "--no-import")
        #expect(first.code == 0 && first.out.contains("copied 10 photos"), "\(first)")
        box.apolo("project", "new", "smith")
        let again = box.apolo("ingest", card, "--to", "out")
        #expect(again.code == 0 && again.out.contains("nothing new to copy"), "\(again)")
        #expect(again.out.contains("imported into the project: imported 10"), "copies never imported: \(again)")
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(table.count == 10 && (table[0]["path"] as? String)?.hasPrefix(box.root + "/out/") == true)
        let third = box.apolo("ingest", card, "--to", "out")
        #expect(third.code == 0 && !third.out.contains("imported into the project"), "imported once: \(third)")
    }

    /// "imported 4, duplicates 0, failed 1" and exit 0: the file that failed and why were never said.
    @Test func eachFileTheImportRefusesIsNamedWithItsReason() throws {
        let box = Sandbox()
        let card = try card(box, shots: 2)
        let first = try #require(
            FileManager.default.enumerator(atPath: card)?.compactMap { $0 as? String }
                .sorted().first { $0.hasSuffix(".JPG") })
        let bytes = try #require(FileManager.default.contents(atPath: card + "/" + first))
        let cut = (card + "/" + first).replacingOccurrences(of: ".JPG", with: "-CUT.JPG")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        box.apolo("project", "new", "smith")
        let run = box.apolo("ingest", card, "--to", "out")
        #expect(run.code == 3 && run.out.contains("imported into the project: imported 2"), "\(run)")
        #expect(run.err.contains("-CUT.JPG: truncated JPEG"), "named, with its reason: \(run.err)")
    }

    @Test func anImportThatFailsNamesEachCopyAndARerunImportsThem() throws {
        let box = Sandbox()
        let card = try card(box, shots: 3)
        box.apolo("project", "new", "smith")
        try? FileManager.default.removeItem(atPath: box.home + "/cache")
        try FixtureFiles.write(Array("a file where the cache folder goes".utf8), to: box.home + "/cache")
        let first = box.apolo("ingest", card, "--to", "out")
        #expect(first.code == 3 && first.out.contains("copied 3 photos"), "\(first)")
        #expect(
            first.err.contains(
                "failed: \(box.root)/out/2026/2026-05-02/DSC_0002.JPG: copied and recorded, but "
                    + "not imported: "), "\(first.err)")
        try FileManager.default.removeItem(atPath: box.home + "/cache")
        let again = box.apolo("ingest", card, "--to", "out")
        #expect(again.code == 0 && again.out.contains("imported into the project: imported 3"), "\(again)")
    }

    @Test func aDuplicateOnTheCardIsCountedAlikeInTheDryRunAndTheRun() throws {
        let box = Sandbox()
        let card = try card(box, shots: 3)
        let original = card + "/DCIM/100APOLO/DSC_0001.JPG"
        try FileManager.default.createDirectory(atPath: card + "/DCIM/101APOLO", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: original, toPath: card + "/DCIM/101APOLO/DSC_0001.JPG")
        let duplicate = "skipped: \(card)/DCIM/101APOLO/DSC_0001.JPG: a duplicate of \(original) on this card"
        let plan = box.apolo("ingest", card, "--to", "out", "--dry-run")
        #expect(plan.code == 0 && plan.out.contains("would copy 3 photos"), "\(plan)")
        #expect(plan.err.contains(duplicate), "\(plan.err)")
        let run = box.apolo("ingest", card, "--to", "out", "--no-import")
        #expect(run.code == 0 && run.out.contains("copied 3 photos") && run.err.contains(duplicate), "\(run)")
    }

    @Test func aBackupOnTheDestinationsDiskIsSaid() throws {
        let box = Sandbox()
        let run = box.apolo("ingest", try card(box, shots: 1), "--to", "a", "--backup", "b", "--no-import")
        #expect(
            run.code == 0
                && run.err.contains(
                    "warning: the backup \(box.root)/b is on the same disk as the "
                        + "destination: it does not protect against that disk failing"),
            "\(run)")
    }

    @Test func aManifestListingNoCopiesDoesNotVerify() throws {
        let box = Sandbox()
        let manifest = box.root + "/apolo-ingest.json"
        let text = #"{"format":"apolo-ingest 1","job":"","destination":"/x","destinations":["/x"],"files":[]}"#
        try FixtureFiles.write(Array(text.utf8), to: manifest)
        let verify = box.apolo("ingest", "--verify", manifest)
        #expect(
            verify.code != 0 && verify.err.contains("\(manifest) lists no copies: nothing was verified"),
            "\(verify)")
    }
}
