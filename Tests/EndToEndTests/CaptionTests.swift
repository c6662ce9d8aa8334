import ApoloFixtures
import Foundation
import Testing

/// Captions and other IPTC fields: set with variables and codes, kept in the document, undone, found by text.
@Suite struct CaptionTests {
    @Test func captionsExpandPerPhotoAreKeptUndoneAndFound() throws {
        let box = Sandbox().tripWithPhotos()
        try "# guests\nb\tAna Bride\ng\tLuis Groom\nbroken line\n".write(
            toFile: box.home + "/codes.txt",
            atomically: true, encoding: .utf8)
        let set = box.apolo(
            "caption", "set", "table:1-2", "--title", "Lisbon, {date}", "--caption",
            "\\b\\ with \\g\\ at {time} ({file})", "--field", "country-code=PT")
        #expect(set.code == 0 && set.out.contains("set the title, caption, country code of 2 photos"), "\(set)")
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        let meta = try #require(table[0]["meta"] as? [String: String])
        let file = try #require(table[0]["file"] as? String)
        let captured = try #require(table[0]["captured"] as? String)
        #expect(meta["title"] == "Lisbon, " + captured.prefix(10), "\(meta)")
        #expect(meta["caption"] == "Ana Bride with Luis Groom at \(captured.dropFirst(11).prefix(8)) (\(file))")
        #expect(meta["countryCode"] == "PT" && table[2]["meta"] == nil, "only the photos named")
        #expect(box.apolo("slide", "show", "table:1").out.contains("country code: PT"))
        let found = box.apolo("filter", "--from", "table", "--text", "luis LISBON", "--json")
        #expect((json(found.out) as? [[String: Any]])?.count == 2, "words in any field, any case: \(found)")
        #expect(
            (json(box.apolo("filter", "--from", "table", "--text", "luis nowhere", "--json").out) as? [Any])?
                .isEmpty == true, "every word must be found")
        let unknown = box.apolo("caption", "set", "table:3", "--caption", "with \\x\\")
        #expect(unknown.code == 1 && unknown.err.contains("\\x\\ is no code (codes: \\b\\ \\g\\)"), "\(unknown)")
        let bad = box.apolo("caption", "set", "table:3", "--field", "mood=happy")
        #expect(bad.code == 2 && bad.err.contains("--field takes NAME=TEXT with NAME one of: title"), "\(bad)")
        let long = box.apolo("caption", "set", "table:3", "--title", String(repeating: "x", count: 501))
        #expect(long.code == 1 && long.err.contains("the title is 501 characters; at most 500 are kept"), "\(long)")
        #expect(box.apolo("undo").code == 0)
        #expect((json(box.apolo("table", "--json").out) as? [[String: Any]])?[0]["meta"] == nil, "undone")
        #expect(box.apolo("redo").code == 0)
        let clear = box.apolo("caption", "set", "table:1", "--title", "")
        #expect(clear.code == 0 && clear.out.contains("cleared the title of"), "\(clear)")
        let after = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        let kept = after[0]["meta"] as? [String: String]
        #expect(kept?["title"] == nil && kept?["caption"] != nil)
        let script = box.run(["run", "-"], stdin: "caption set table:3 --headline 'From a script'\n")
        #expect(script.code == 0, "\(script)")
        #expect(box.apolo("slide", "show", "table:3").out.contains("headline:    From a script"))
    }

    @Test func templatesAreMadeEditedAndAppliedAtIngestAndLater() throws {
        let box = Sandbox()
        let made = box.apolo(
            "template", "new", "studio", "--field", "creator=Ana Pérez", "--field",
            "copyright=© {year} Ana Pérez", "--field", "job-id={job}-{seq:3}",
            "--keywords", "wedding,Smith")
        #expect(
            made.code == 0 && made.out.contains("made template 'studio': creator, copyright, job id, 2 keywords"),
            "\(made)")
        let file = try String(contentsOfFile: box.home + "/templates/studio.json", encoding: .utf8)
        #expect(
            file.contains("\"creator\": \"Ana Pérez\",\n")
                && file.contains("\"keywords\": [\"wedding\", \"Smith\"]"),
            "one field a line: \(file)")
        #expect(box.apolo("template", "new", "studio").code == 1, "never overwritten by new")
        #expect(box.apolo("template", "list").out == "studio\n")
        let card = box.root + "/card"
        try CardSet.write(count: 2, width: 64, height: 48, to: card)
        box.apolo("project", "new", "smith")
        let ingest = box.apolo("ingest", card, "--to", "photos", "--job", "smith-wedding", "--template", "studio")
        #expect(
            ingest.code == 0
                && ingest.out.contains("template 'studio': set the creator, copyright, job id, keywords of 2 photos"),
            "\(ingest)")
        let show = box.apolo("slide", "show", "table:1").out
        #expect(
            show.contains("copyright:   © 2026 Ana Pérez") && show.contains("job id:      smith-wedding-001")
                && show.contains("tags:        wedding, Smith"), "\(show)")
        #expect(box.apolo("template", "edit", "studio", "--field", "creator=", "--field", "city=Lisbon").code == 0)
        let apply = box.apolo("template", "apply", "studio", "table:2")
        #expect(apply.code == 0 && apply.out.contains("set the copyright, city, job id, keywords of"), "\(apply)")
        #expect(
            box.apolo("slide", "show", "table:2").out.contains("job id:      {job}-{seq:3}"),
            "{job} and {seq} are only made at ingest")
        try "{\"mood\": \"happy\"}".write(toFile: box.home + "/templates/bad.json", atomically: true, encoding: .utf8)
        let bad = box.apolo("template", "apply", "bad", "table:1")
        #expect(bad.code == 1 && bad.err.contains("'mood' is no field"), "\(bad)")
        let missing = box.apolo("template", "apply", "nope", "table:1")
        #expect(
            missing.code == 1 && missing.err.contains("no template named 'nope' (templates: bad, studio)"),
            "\(missing)")
    }
}
