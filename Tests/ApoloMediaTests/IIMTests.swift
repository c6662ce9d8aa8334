import Testing
@testable import ApoloMedia

/// IPTC-IIM: what apolo writes into exported copies reads back the same; a damaged block never takes apolo down.
@Suite struct IIMTests {
    @Test func whatIsWrittenReadsBack() {
        let meta = ["title": "Tranvía 28", "creator": "Ana; Luis", "city": "Lisboa", "countryCode": "PT"]
        let block = JPEGMetadata.iim(meta, keywords: ["tram", "label:x", "noche"])
        let (read, keywords) = IIMReader.read(block)
        #expect(read == meta)
        #expect(keywords == ["tram", "noche"], "a label word is no keyword")
    }

    @Test func damagedBlocksAreReadAsFarAsTheyAreSound() {
        let block = JPEGMetadata.iim(["title": "Tram"], keywords: ["a", "b"])
        for cut in 0..<block.count { _ = IIMReader.read(Array(block.prefix(cut))) }
        var long = block
        long[long.count - 3] = 0x80   // an extended length: refused, not followed
        #expect(IIMReader.read(long).keywords.count <= 1)
        #expect(IIMReader.read([0x1C, 2, 5, 0xFF, 0xFF]).meta.isEmpty, "a length past the end")
        #expect(IIMReader.block(Array("8BIM".utf8) + [4, 4, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF]) == nil)
    }
}
