import ApoloFixtures
import Foundation
import Testing

/// Photographers' files: raws through LibRaw (generated DNGs), XMP embedded in files, shooting facts, and hostile
/// packets and raws; each through the real binary.
@Suite struct RawTests {
    static let preview = JPEGEncoder.encode(
        width: 160, height: 120, rgb: Painter.scene(width: 160, height: 120, seed: 3))

    /// Width and height of a JPEG, from its first frame header.
    func jpegSize(_ path: String) -> (Int, Int)? {
        guard let b = FileManager.default.contents(atPath: path).map(Array.init) else { return nil }
        var at = 2
        while at + 9 < b.count, b[at] == 0xFF {
            let marker = b[at + 1], length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            if (0xC0...0xC3).contains(marker) {
                return (Int(b[at + 7]) << 8 | Int(b[at + 8]), Int(b[at + 5]) << 8 | Int(b[at + 6]))
            }
            at += 2 + length
        }
        return nil
    }

    @Test func aRawImportsWithItsFactsAndAnUprightPreviewAndExportsByteForByte() throws {
        let box = Sandbox()
        var facts = DNGWriter.Facts()
        facts.orientation = 6
        let dng = DNGWriter.make(preview: (Self.preview, 160, 120), facts: facts)
        try FixtureFiles.write(dng, to: box.root + "/card/DSC_0001.DNG")
        box.apolo("project", "new", "card")
        let run = box.apolo("import", box.root + "/card")
        #expect(run.code == 0 && run.out.contains("imported 1"), "\(run)")
        let shown = try #require(json(box.apolo("slide", "show", "table:1", "--json").out) as? [String: Any])
        let photo = try #require(shown["photo"] as? [String: Any])
        #expect(
            photo["format"] as? String == "raw" && photo["make"] as? String == "Apolo"
                && photo["orientation"] as? Int == 6)
        #expect(photo["captured"] as? String == "2024-06-15T10:30:00")
        #expect(
            photo["exposure"] as? String == "1/250" && photo["aperture"] as? String == "2.8"
                && photo["iso"] as? Int == 400)
        #expect(photo["focal"] as? String == "35" && photo["lens"] as? String == "Apolo 35mm F2.8")
        #expect(
            box.apolo("slide", "show", "table:1").out.contains(
                "shot:        1/250 s · f/2.8 · ISO 400 · 35 mm · Apolo 35mm F2.8"))
        let view = box.apolo("view", "table:1", "--size", "100")
        let size = jpegSize(view.out.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(
            size.map { $0 == (75, 100) } == true,
            "the 160×120 preview turned upright: \(String(describing: size)) \(view)")
        for line in ["shelf create s", "slide move table:1 --to s", "album compress s"] { box.line(line) }
        #expect(box.apolo("export", "--to", "out").code == 0)
        #expect(
            FileManager.default.contents(atPath: box.root + "/out/card/001-s-DSC_0001.DNG").map(Array.init) == dng,
            "byte for byte")
        let resized = box.apolo("export", "--to", "small", "--max-size", "80")
        #expect(resized.code == 0 && resized.err.contains("resized from its embedded preview"), "\(resized)")
        #expect(jpegSize(box.root + "/small/card/001-s-DSC_0001.jpg").map { $0 == (60, 80) } == true)
    }

    @Test func aRawWithoutAPreviewImportsAndABrokenOneNeverCrashes() throws {
        let box = Sandbox()
        let whole = DNGWriter.make(preview: (Self.preview, 160, 120))
        try FixtureFiles.write(DNGWriter.make(preview: nil), to: box.root + "/card/bare.dng")
        try FixtureFiles.write(Array(whole.prefix(700)), to: box.root + "/card/cut.dng")
        var garbage = whole
        for i in stride(from: 8, to: garbage.count, by: 7) { garbage[i] ^= 0x5A }
        try FixtureFiles.write(garbage, to: box.root + "/card/noise.dng")
        box.apolo("project", "new", "card")
        let run = box.apolo("import", box.root + "/card")
        #expect([0, 3].contains(run.code), "a per-file warning or failure, never a crash: \(run)")
        #expect(
            run.err.contains(
                "bare.dng: this raw has no usable embedded preview; its pictures are decoded from its raw data"),
            "\(run)")
        #expect(!run.err.contains("bare.dng: no thumbnail"), "decoded through LibRaw: \(run)")
        #expect(box.apolo("slide", "show", "bare.dng", "--json").out.contains("\"format\" : \"raw\""))
        #expect(box.apolo("project", "check").code == 0)
        #expect(box.apolo("sheet", "table", "-o", box.root + "/sheet.png").code == 0)
        for line in ["shelf create s", "slide move bare.dng --to s", "album compress s"] { box.line(line) }
        let resized = box.apolo("export", "--to", "small", "--max-size", "40")
        #expect(
            resized.code == 0
                && resized.err.contains("a raw without a preview, resized from a half-size LibRaw decode"), "\(resized)"
        )
        #expect(
            jpegSize(box.root + "/small/card/001-s-bare.jpg").map { $0 == (32, 24) } == true,
            "the 64×48 raw at half size")
    }

    /// A JPEG with `packet` in an APP1 XMP segment.
    func jpeg(seed: Int, xmp packet: String, exif: ExifWriter.Fields? = nil) -> [UInt8] {
        let plain = SamplePhoto("", seed: seed, width: 32, height: 24, exif: exif).jpeg()
        let body = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(packet.utf8)
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
            + plain.dropFirst(2)
    }

    static func packet(_ inner: String) -> String {
        """
        <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
        xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:lr="http://ns.adobe.com/lightroom/1.0/" \
        \(inner)</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>
        """
    }

    @Test func ratingsAndTagsEmbeddedInFilesComeAlongAndASidecarWins() throws {
        let box = Sandbox()
        let card = box.root + "/card"
        let tagged = Self.packet(
            #"""
            xmp:Rating="4" \#
            xmp:Label="Red"><dc:subject><rdf:Bag><rdf:li>sunset</rdf:li><rdf:li>Beach</rdf:li></rdf:Bag></dc:subject>\#
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|Portugal|Lisbon</rdf:li></rdf:Bag>\#
            </lr:hierarchicalSubject>
            """#
        )
        var exif = ExifWriter.Fields()
        (exif.exposure, exif.fNumber, exif.iso, exif.lens, exif.dateTime) = (
            (1, 60), (56, 10), 800, "Kit Lens", "2023:01:02 03:04:05"
        )
        try FixtureFiles.write(jpeg(seed: 1, xmp: tagged, exif: exif), to: card + "/a.jpg")
        try FixtureFiles.write(
            jpeg(seed: 2, xmp: Self.packet(#">"# + "<xmp:Rating>-1</xmp:Rating>")), to: card + "/b.jpg")
        try FixtureFiles.write(jpeg(seed: 3, xmp: Self.packet(#"xmp:Rating="5">"#)), to: card + "/c.jpg")
        try FixtureFiles.write(Array(Self.packet(#"xmp:Rating="1">"#).utf8), to: card + "/c.jpg.xmp")
        box.apolo("project", "new", "trip")
        #expect(box.apolo("import", card).code == 0)
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        let a = try #require(table.first { $0["file"] as? String == "a.jpg" })
        #expect(a["rating"] as? Int == 4 && a["tags"] as? [String] == ["sunset", "Beach", "Lisbon"], "\(a)")
        #expect(a["label"] as? String == "red", "xmp:Label Red is the colour label")
        #expect(
            table.first { $0["file"] as? String == "c.jpg" }?["rating"] as? Int == 1,
            "the sidecar wins over the embedded packet")
        #expect(box.apolo("table", "--discarded").out.contains("b.jpg"), "xmp:Rating -1 is rejected")
        let shown = box.apolo("slide", "show", "a.jpg").out
        #expect(
            shown.contains("1/60 s · f/5.6 · ISO 800 · Kit Lens")
                && shown.contains("captured:    2023-01-02 03:04:05"),
            "\(shown)")
    }

    @Test func hostilePacketsAreRefusedPerFileAndNeverHang() throws {
        let box = Sandbox()
        let card = box.root + "/card"
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b \
            "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
            xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description \
            xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Label="&c;" xmp:Rating="5"/></rdf:RDF></x:xmpmeta>
            """
        let external = #"<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x xmp:Label="&e;" xmp:Rating="5"/>"#
        let many = Self.packet(
            "><dc:subject><rdf:Bag>" + (1...20_000).map { "<rdf:li>k\($0)</rdf:li>" }.joined()
                + "</rdf:Bag></dc:subject>")
        try FixtureFiles.write(jpeg(seed: 1, xmp: laughs), to: card + "/laughs.jpg")
        try FixtureFiles.write(jpeg(seed: 2, xmp: external), to: card + "/external.jpg")
        try FixtureFiles.write(jpeg(seed: 3, xmp: "<x xmp:Rating=\"5\"><unclosed>"), to: card + "/broken.jpg")
        try FixtureFiles.write(jpeg(seed: 4, xmp: Self.packet(#"xmp:Rating="3">"#)), to: card + "/fine.jpg")
        try FixtureFiles.write(Array(many.utf8), to: card + "/fine.jpg.xmp")
        box.apolo("project", "new", "trip")
        let started = Date()
        let run = box.apolo("import", card)
        #expect(Date().timeIntervalSince(started) < 60, "no hang")
        #expect(run.code == 0 && run.out.contains("imported 4"), "\(run)")
        #expect(
            run.err.contains("laughs.jpg: its XMP declares a DTD or entities")
                && run.err.contains("external.jpg: its XMP declares a DTD"), "\(run)")
        #expect(run.err.contains("broken.jpg: its XMP is not well-formed XML"), "\(run)")
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(table.filter { $0["rating"] as? Int == 5 }.isEmpty, "nothing from a refused packet")
        let fine = try #require(table.first { $0["file"] as? String == "fine.jpg" })
        #expect(
            (fine["tags"] as? [String])?.count == 10_000 && fine["rating"] as? Int == 3,
            "the sidecar's first 10,000 keywords; its packet's rating")
    }
}
