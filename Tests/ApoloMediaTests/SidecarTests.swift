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
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>places|Portugal|Lisbon</rdf:li><rdf:li>tram</rdf:li></rdf:Bag></lr:hierarchicalSubject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        try FixtureFiles.write(Array(xmp.utf8), to: temporary.path + "/a.jpg.xmp")
        let facts = try Sidecar.read(temporary.path + "/a.jpg.xmp").get()
        #expect(facts.rejected && facts.rating == nil)
        #expect(facts.tags == ["tram", "Lisbon & co", "Lisbon", "label:Red"])
    }

    @Test func readsLightroomStyleElementsAndFindsNameXmp() throws {
        try FixtureFiles.write([1], to: temporary.path + "/IMG_1.CR2")
        let xmp = "<rdf:Description><xmp:Rating>4</xmp:Rating><dc:subject><rdf:Bag><rdf:li>street</rdf:li></rdf:Bag></dc:subject></rdf:Description>"
        try FixtureFiles.write(Array(xmp.utf8), to: temporary.path + "/IMG_1.xmp")
        let found = try #require(Sidecar.find(for: temporary.path + "/IMG_1.CR2"))
        let facts = try Sidecar.read(found).get()
        #expect(facts.rating == 4 && !facts.rejected && facts.tags == ["street"])
    }

    @Test func whatApoloWritesReadsBack() throws {
        let xml = Sidecar.xml(rating: 3, tags: ["a <b>", "tram", "label:Red \"hot\""])
        #expect(xml.contains(#"xmp:Label="Red &quot;hot&quot;""#) && !xml.contains("<rdf:li>label:"), "the label as xmp:Label, not a keyword")
        try FixtureFiles.write(Array(xml.utf8), to: temporary.path + "/x.xmp")
        let facts = try Sidecar.read(temporary.path + "/x.xmp").get()
        #expect(facts.rating == 3 && facts.tags == ["a <b>", "tram", "label:Red \"hot\""])
    }
}
