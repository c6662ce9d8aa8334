import ApoloFixtures
import Foundation
import Testing

/// RAW+JPEG pairs: one photo, one slide, one rating; export writes both files under one number.
@Suite struct PairTests {
    func card(_ box: Sandbox) throws -> String {
        let card = box.root + "/card"
        var facts = DNGWriter.Facts()
        facts.date = "2024:06:15 09:00:00"
        try FixtureFiles.write(
            DNGWriter.make(preview: (RawTests.preview, 160, 120), facts: facts), to: card + "/IMG_0001.CR2")
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 64, height: 48).jpeg(), to: card + "/img_0001.JPG")
        facts.date = "2024:06:15 09:00:01"
        try FixtureFiles.write(
            DNGWriter.make(preview: (RawTests.preview, 160, 120), facts: facts), to: card + "/IMG_0002.NEF")
        try FixtureFiles.write(SamplePhoto("", seed: 2, width: 64, height: 48).jpeg(), to: card + "/other/IMG_0002.JPG")
        return card
    }

    @Test func aPairIsOnePhotoAndExportsBothFilesUnderOneNumber() throws {
        let box = Sandbox()
        let card = try card(box)
        box.apolo("project", "new", "trip")
        let run = box.apolo("import", card)
        #expect(
            run.code == 0 && run.out.contains("imported 3") && run.out.contains("1 RAW+JPEG pair as one photo each"),
            "\(run)")
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(
            table.map { $0["file"] as? String } == ["IMG_0001.CR2", "IMG_0002.NEF", "IMG_0002.JPG"],
            "a JPEG in another folder is no pair")
        #expect(box.apolo("slide", "show", "IMG_0001.CR2").out.contains("pair:        img_0001.JPG"))
        for line in ["rate table:1 4", "shelf create s", "slide move table:1 --to s", "album compress s"] {
            box.line(line)
        }
        let export = box.apolo("export", "--to", "out")
        #expect(export.code == 0 && export.out.contains("exported 1 photo (2 files)"), "\(export)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").sorted()
        #expect(names == ["001-s-IMG_0001.CR2", "001-s-img_0001.JPG", "apolo-export.json"], "\(names)")
        #expect(box.apolo("export", "--to", "raw", "--pair", "raw").code == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.root + "/raw/trip").sorted() == [
                "001-s-IMG_0001.CR2", "apolo-export.json"
            ])
        let bad = box.apolo("export", "--to", "x", "--pair", "tiff")
        #expect(bad.code == 2 && bad.err.contains("--pair must be raw, jpeg or both"))
        try FileManager.default.moveItem(atPath: card, toPath: box.root + "/archive")
        let relink = box.apolo("relink", box.root + "/archive")
        #expect(
            relink.code == 0 && relink.out.contains("relinked 4, still missing 0"), "both files of the pair: \(relink)")
        #expect(
            box.apolo("slide", "show", "IMG_0001.CR2").out.contains(
                "pair:        img_0001.JPG (\(box.root)/archive/img_0001.JPG)"))
        #expect(box.apolo("export", "--to", "again").code == 0, "a relinked pair exports")
        box.apolo("project", "new", "apart")
        #expect(box.apolo("import", "--no-pairs", box.root + "/archive").out.contains("imported 4"))
    }

    @Test func importingAMovedPairRelinksBothFilesAndALoneJPEGIsThePairs() throws {
        let box = Sandbox()
        let card = try card(box)
        box.apolo("project", "new", "trip")
        #expect(box.apolo("import", card).code == 0)
        try FileManager.default.moveItem(atPath: card, toPath: box.root + "/archive")
        let run = box.apolo("import", box.root + "/archive")
        #expect(
            run.code == 0 && run.out.contains("imported 0, duplicates 3") && run.out.contains("relinked 4"), "\(run)")
        #expect(
            box.apolo("slide", "show", "IMG_0001.CR2").out.contains(
                "pair:        img_0001.JPG (\(box.root)/archive/img_0001.JPG)"))
        try FileManager.default.createDirectory(atPath: box.root + "/jpegs", withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: box.root + "/archive/img_0001.JPG", toPath: box.root + "/jpegs/img_0001.JPG")
        let alone = box.apolo("import", box.root + "/jpegs")
        #expect(
            alone.code == 0 && alone.out.contains("imported 0, duplicates 1") && alone.out.contains("relinked 1"),
            "\(alone)")
        #expect(
            box.apolo("slide", "show", "IMG_0001.CR2").out.contains(
                "pair:        img_0001.JPG (\(box.root)/jpegs/img_0001.JPG)"))
        #expect(
            try #require(json(box.apolo("table", "--json").out) as? [[String: Any]]).count == 3,
            "no second photo for the pair's JPEG")
        #expect(box.apolo("undo").code == 0)
        #expect(
            box.apolo("slide", "show", "IMG_0001.CR2").out.contains("(\(box.root)/archive/img_0001.JPG)"),
            "one undo step")
    }

    @Test func aVersionOneDocumentLoadsUnchangedAndIsWrittenInTheCurrentVersionOnItsNextSave() throws {
        let box = Sandbox()
        box.apolo("project", "new", "old")
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 32, height: 24).jpeg(), to: box.root + "/a.jpg")
        box.apolo("import", box.root + "/a.jpg")
        let path = box.home + "/projects/old.json"
        let v5 = try String(contentsOfFile: path, encoding: .utf8)
        #expect(v5.contains("\"version\" : 5"))
        try v5.replacingOccurrences(of: "\"version\" : 5", with: "\"version\" : 1").write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(box.apolo("table").code == 0 && box.apolo("project", "check").code == 0)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).contains("\"version\" : 1"), "reading does not rewrite it"
        )
        #expect(box.apolo("rate", "table:1", "3").code == 0)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).contains("\"version\" : 5"), "migrated on the next save")
        #expect(box.apolo("undo").code == 0 && box.apolo("table", "--json").out.contains("\"rating\" : 0"))
    }
}
