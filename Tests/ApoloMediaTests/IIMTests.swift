import ApoloCore
import Testing
@testable import ApoloMedia

/// IPTC-IIM: what apolo writes into exported copies reads back the same; a damaged block never takes apolo down.
@Suite struct IIMTests {
    @Test func whatIsWrittenReadsBack() {
        let meta = ["title": "Tranvía 28", "creator": "Ana; Luis", "city": "Lisboa", "countryCode": "PT"]
        let block = JPEGMetadata.iim(meta, keywords: ["tram", "label:x", "noche"])
        let (read, keywords, cut) = IIMReader.read(block)
        #expect(cut.isEmpty)
        #expect(read == meta)
        #expect(keywords == ["tram", "noche"], "a label word is no keyword")
    }

    @Test func damagedBlocksAreReadAsFarAsTheyAreSound() {
        let block = JPEGMetadata.iim(["title": "Tram"], keywords: ["a", "b"])
        for cut in 0..<block.count { _ = IIMReader.read(Array(block.prefix(cut))) }
        var long = block
        long[long.count - 3] = 0x80  // an extended length: refused, not followed
        #expect(IIMReader.read(long).keywords.count <= 1)
        #expect(IIMReader.read([0x1C, 2, 5, 0xFF, 0xFF]).meta.isEmpty, "a length past the end")
        #expect(IIMReader.block(Array("8BIM".utf8) + [4, 4, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF]) == nil)
    }

    /// Twenty By-line entries of 32 bytes (678 characters joined) are a peer's long value: cut and said, never a
    /// value the document refuses (which refused the whole import).
    @Test func manyBylinesAreCutToTheLimitAndSaid() throws {
        var block: [UInt8] = []
        for number in 1...20 {
            let name = Array("Photographer number \(number) here".utf8.prefix(32))
            block += [0x1C, 2, 80, 0, UInt8(name.count)] + name
        }
        let (meta, _, cut) = IIMReader.read(block)
        let creator = try #require(meta["creator"])
        #expect(creator.count <= 500 && creator.hasPrefix("Photographer number 1 here; Photographer number 2"))
        #expect(cut == [.creator])
        #expect((try? MetaField.creator.check(creator)) == creator, "what is kept is what the document accepts")
    }

    @Test func charactersXMLCannotCarryAreDroppedFromPeersValues() {
        let text = Array("Tram\u{FFFE} 28\u{FFFF}".utf8)
        let block: [UInt8] = [0x1C, 1, 90, 0, 3, 0x1B, 0x25, 0x47, 0x1C, 2, 5, 0, UInt8(text.count)] + text
        #expect(IIMReader.read(block).meta["title"] == "Tram 28")
    }
}
