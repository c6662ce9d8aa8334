import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

@Suite struct SidecarTests {
    let temporary = TemporaryFolder()

    @Test func readsDarktableStyleAttributesAndRejects() throws {
        let xmp = """
            <x:xmpmeta><rdf:RDF><rdf:Description xmp:Rating="-1" xmp:Label="Red">
            <dc:subject><rdf:Bag><rdf:li>tram</rdf:li><rdf:li>Lisbon &amp; co</rdf:li></rdf:Bag></dc:subject>
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>places|Portugal|Lisbon</rdf:li><rdf:li>tram</rdf:li></rdf:Bag>\
            </lr:hierarchicalSubject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        try FixtureFiles.write(Array(xmp.utf8), to: temporary.path + "/a.jpg.xmp")
        let facts = try Sidecar.read(temporary.path + "/a.jpg.xmp").get()
        #expect(facts.rejected && facts.rating == nil)
        #expect(facts.tags == ["tram", "Lisbon & co", "Lisbon"] && facts.label == .red)
    }

    @Test func readsLightroomStyleElementsAndFindsNameXmp() throws {
        try FixtureFiles.write([1], to: temporary.path + "/IMG_1.CR2")
        let xmp =
            """
            <rdf:Description><xmp:Rating>4</xmp:Rating><dc:subject><rdf:Bag><rdf:li>street</rdf:li></rdf:Bag>\
            </dc:subject></rdf:Description>
            """
        try FixtureFiles.write(Array(xmp.utf8), to: temporary.path + "/IMG_1.xmp")
        let found = try #require(Sidecar.find(for: temporary.path + "/IMG_1.CR2"))
        let facts = try Sidecar.read(found).get()
        #expect(facts.rating == 4 && !facts.rejected && facts.tags == ["street"])
    }

    @Test func whatApoloWritesReadsBack() throws {
        let xml = Sidecar.xml(rating: 3, tags: ["a <b>", "tram", "label:Second \"hot\""])
        #expect(
            xml.contains(#"xmp:Label="Second &quot;hot&quot;""#) && !xml.contains("<rdf:li>label:"),
            "a label that is no colour as xmp:Label, not a keyword")
        try FixtureFiles.write(Array(xml.utf8), to: temporary.path + "/x.xmp")
        let facts = try Sidecar.read(temporary.path + "/x.xmp").get()
        #expect(facts.rating == 3 && facts.tags == ["a <b>", "tram", "label:Second \"hot\""] && facts.label == nil)
        let coloured = Sidecar.xml(rating: 2, label: .purple, tags: ["tram"])
        try FixtureFiles.write(Array(coloured.utf8), to: temporary.path + "/y.xmp")
        #expect(
            try Sidecar.read(temporary.path + "/y.xmp").get()
                == Sidecar.Facts(rating: 2, tags: ["tram"], label: .purple))
    }

    /// Packets that killed the process inside Foundation's XMLParser (a bad UTF-8 byte in an element, attribute or
    /// processing-instruction name): refused in words, and the process lives on to read the next one.
    @Test(
        arguments: [
            [0x3C, 0x61, 0xFF, 0x3E], Array("<a r".utf8) + [0xFF] + Array("=\"1\"/>".utf8),
            Array("<x:xmpmeta><rdf:De".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("t/></x:xmpmeta>".utf8),
            Array("<?p".utf8) + [0xC3] + Array("?><a/>".utf8), Array("<a><b xmp:Rating=\"2\"></a>".utf8),
            Array(repeating: UInt8(ascii: "<"), count: 1) + Array(String(repeating: "<a>", count: 10_000).utf8)
        ] as [[UInt8]])
    func malformedPacketsAreRefusedInWordsNotFatal(_ packet: [UInt8]) {
        guard case .failure(let why) = XMP.facts(packet) else { Issue.record("accepted"); return }
        #expect(why.reason.contains("not well-formed XML"), "\(why.reason)")
    }

    @Test func deepNestingAndLongTextAreBounded() throws {
        let deep = String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)
        #expect((try? XMP.facts(Array(deep.utf8)).get()) != nil, "200 levels is XML, if odd")
        let long =
            "<d xmp:Rating=\"3\"><dc:subject><rdf:Bag><rdf:li>" + String(repeating: "x", count: 200_000)
            + "</rdf:li></rdf:Bag></dc:subject></d>"
        let facts = try XMP.facts(Array(long.utf8)).get()
        #expect(facts.rating == 3 && facts.tags.isEmpty, "a 64 KiB keyword is no tag (over 100 characters)")
    }
}
