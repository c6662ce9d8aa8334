import ApoloFixtures
import Foundation
import Testing

/// `apolo ingest`: verified copies of a card to two destinations, named from templates, remembered, imported.
@Suite struct IngestTests {
    func card(_ box: Sandbox, shots: Int = 10, first: Int = 1, at name: String = "card") throws -> String {
        let card = box.root + "/" + name
        try CardSet.write(count: shots, width: 96, height: 64, first: first, to: card)
        return card
    }

    func files(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { !$0.hasPrefix(".") && $0.contains(".") && !$0.hasPrefix("apolo-ingest") }.sorted()
    }

    @Test func copiesToTwoDestinationsNamedFromTemplatesAndImportsThePrimary() throws {
        let box = Sandbox()
        let card = try card(box)
        let before = snapshot(card)
        box.apolo("project", "new", "smith")
        let run = box.apolo(
            "ingest", card, "--to", "photos", "--backup", "backup", "--job", "smith",
            "--name", "{job}_{seq:4}_{camera}_{serial}")
        #expect(run.code == 0, "\(run)")
        #expect(run.out.contains("copied 10 photos (13 files"), "two RAW+JPEG pairs and a sidecar: \(run.out)")
        #expect(run.out.contains("imported into the project: imported 10"), "\(run.out)")
        #expect(run.out.contains("analysed: measured 10"), "the cull can start: \(run.out)")
        #expect(run.err.contains("skipped: \(card)/DCIM/100APOLO/MOV_0001.MP4: not a photo"), "\(run.err)")
        let names = files(box.root + "/photos")
        #expect(names.first == "2026/2026-05-02_smith/smith_0001_Apolo One_1001.JPG", "\(names)")
        #expect(
            names.contains("2026/2026-05-02_smith/smith_0001_Apolo One_1001.xmp"),
            "the sidecar keeps its photo's name")
        #expect(
            names.contains("2026/2026-05-02_smith/smith_0005_Apolo One_1001.DNG")
                && names.contains("2026/2026-05-02_smith/smith_0005_Apolo One_1001.JPG"), "a pair keeps one name")
        #expect(names == files(box.root + "/backup"), "the backup holds the same tree")
        #expect(names.count == 13)
        #expect(sameFiles(before, snapshot(card)), "the card is never written to")
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(
            table.count == 10 && (table[0]["path"] as? String)?.hasPrefix(box.root + "/photos/") == true,
            "the primary copies are imported, not the card")
        #expect(table[0]["rating"] as? Int == 4, "the sidecar copied beside it is read")
        #expect(table.allSatisfy { $0["focus"] != nil }, "each copy measured as it is imported")
        let manifest = try #require(
            json(
                String(
                    decoding: FileManager.default.contents(
                        atPath: box.root + "/backup/apolo-ingest-smith.json") ?? Data(), as: UTF8.self))
                as? [String: Any])
        let entries = try #require(manifest["files"] as? [[String: Any]])
        #expect(entries.count == 13 && (entries[0]["copies"] as? [String])?.count == 2, "\(manifest)")
    }

    @Test func aCardIngestedBeforeIsSkippedByContentAndAgainRestoresALostCopy() throws {
        let box = Sandbox()
        let card = try card(box)
        #expect(box.apolo("ingest", card, "--to", "a", "--backup", "b", "--no-import").code == 0)
        try FileManager.default.copyItem(atPath: card, toPath: box.root + "/renamed-card")
        let again = box.apolo("ingest", box.root + "/renamed-card", "--to", "a", "--backup", "b", "--no-import")
        #expect(
            again.code == 0 && again.out.contains("nothing new to copy: the card's 10 photos were ingested before"),
            "known by content, not by path: \(again)")
        let lost = box.root + "/a/2026/2026-05-02/DSC_0003.JPG"
        try FileManager.default.removeItem(atPath: lost)
        let verify = box.apolo("ingest", "--verify", box.root + "/b/apolo-ingest.json")
        #expect(
            verify.code == 3 && verify.err.contains("missing: \(lost)") && verify.out.contains("1 missing"),
            "\(verify)")
        let restore = box.apolo("ingest", card, "--to", "a", "--backup", "b", "--no-import", "--again")
        #expect(restore.code == 0 && restore.out.contains("9 of them already there, complete"), "\(restore)")
        #expect(FileManager.default.fileExists(atPath: lost), "--again puts a lost copy back under its name")
        #expect(box.apolo("ingest", "--verify", box.root + "/b/apolo-ingest.json").code == 0)
    }

    @Test func aTakenNameIsNeverReplacedAndSequencesGoOnAcrossCards() throws {
        let box = Sandbox()
        let first = try card(box, shots: 3)
        let second = try card(box, shots: 3, first: 4, at: "card2")
        let clash = box.root + "/out/2026/2026-05-02/s_001.JPG"
        try FixtureFiles.write(Array("someone else's file".utf8), to: clash)
        let one = box.apolo("ingest", first, "--to", "out", "--name", "s_{seq:3}", "--no-import", "--folders", "{date}")
        #expect(one.code == 0, "\(one)")
        #expect(
            String(decoding: FileManager.default.contents(atPath: clash) ?? Data(), as: UTF8.self)
                == "someone else's file", "never overwritten")
        let names = files(box.root + "/out")
        #expect(names.contains("2026-05-02/s_001.JPG") && names.contains("2026-05-02/s_003.JPG"), "\(names)")
        let two = box.apolo(
            "ingest", second, "--to", "out", "--name", "s_{seq:3}_{cardseq}", "--no-import",
            "--folders", "{date}")
        #expect(
            two.code == 0 && files(box.root + "/out").contains("2026-05-02/s_004_1.JPG"),
            "the job's sequence goes on across cards, the card's starts again: \(files(box.root + "/out"))")
    }

    @Test func aDryRunShowsThePlanAndWritesNothing() throws {
        let box = Sandbox()
        let card = try card(box, shots: 2)
        let run = box.apolo("ingest", card, "--to", "out", "--dry-run", "--name", "{date}_{time}_{number}")
        let planned = "DSC_0002.JPG -> \(box.root)/out/2026/2026-05-02/2026-05-02_090102_0002.JPG"
        #expect(
            run.code == 0 && run.out.contains(planned),
            "\(run)")
        #expect(run.out.contains("would copy 2 photos"), "\(run.out)")
        #expect(!FileManager.default.fileExists(atPath: box.root + "/out"), "a dry run creates nothing")
        let plan = box.apolo("ingest", card, "--to", "out", "--dry-run", "--json").out
        let json = try #require(json(plan) as? [String: Any])
        #expect(
            json["photos"] as? Int == 2 && json["dryRun"] as? Bool == true
                && (json["placed"] as? [Any])?.count == 3)
    }

    @Test func badTemplatesAndDestinationsAreRefusedInWords() throws {
        let box = Sandbox()
        let card = try card(box, shots: 1)
        let unknown = box.apolo("ingest", card, "--to", "out", "--name", "{shoot}")
        #expect(unknown.code == 1 && unknown.err.contains("{shoot} is no variable (variables: {year}"), "\(unknown)")
        let job = box.apolo("ingest", card, "--to", "out", "--name", "{job}_{seq}")
        #expect(job.code == 1 && job.err.contains("the template uses {job}: name the job with --job NAME"), "\(job)")
        let climb = box.apolo("ingest", card, "--to", "out", "--folders", "../{date}")
        #expect(climb.code == 1 && climb.err.contains("it must stay inside the destination"), "\(climb)")
        let inside = box.apolo("ingest", card, "--to", card + "/copies")
        #expect(inside.code == 1 && inside.err.contains("overlap; copy to a folder elsewhere"), "\(inside)")
        let twice = box.apolo("ingest", card, "--to", "out", "--backup", "out/")
        #expect(twice.code == 1 && twice.err.contains("is named twice as a destination"), "\(twice)")
        let missing = box.apolo("ingest", box.root + "/nocard", "--to", "out")
        #expect(
            missing.code == 1 && missing.err.contains("no such file or directory; nothing was copied"),
            "\(missing)")
        let usage = box.apolo("ingest", card)
        #expect(usage.code == 2 && usage.err.contains("--to FOLDER"), "\(usage)")
        #expect(!FileManager.default.fileExists(atPath: box.root + "/out"))
    }

    @Test func ejectSaysWhyAFolderOnTheSystemDiskIsNotEjected() throws {
        let box = Sandbox()
        let card = try card(box, shots: 1)
        let run = box.apolo("ingest", card, "--to", "out", "--no-import", "--eject")
        #expect(run.code == 0 && run.out.contains("not ejected: \(card) is on "), "\(run)")
    }
}
