import Foundation
import Testing

/// Captions and other IPTC fields: set with variables and codes, kept in the document, undone, found by text.
@Suite struct CaptionTests {
    @Test func captionsExpandPerPhotoAreKeptUndoneAndFound() throws {
        let box = Sandbox().tripWithPhotos()
        try "# guests\nb\tAna Bride\ng\tLuis Groom\nbroken line\n".write(toFile: box.home + "/codes.txt",
                                                                           atomically: true, encoding: .utf8)
        let set = box.apolo("caption", "set", "table:1-2", "--title", "Lisbon, {date}", "--caption",
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
        #expect((json(box.apolo("filter", "--from", "table", "--text", "luis nowhere", "--json").out) as? [Any])?
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
        #expect((after[0]["meta"] as? [String: String])?["title"] == nil && (after[0]["meta"] as? [String: String])?["caption"] != nil)
        let script = box.run(["run", "-"], stdin: "caption set table:3 --headline 'From a script'\n")
        #expect(script.code == 0, "\(script)")
        #expect(box.apolo("slide", "show", "table:3").out.contains("headline:    From a script"))
    }
}
