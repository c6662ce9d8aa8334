import Testing
@testable import ApoloCore

@Suite struct FileNamesTests {
    @Test(
        arguments: [
            Array("plain.jpg".utf8), Array("ünï ☃ 🎞.jpg".utf8), [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67],
            [0xFF, 0xFE, 0x41], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
            [0x41, 0xF0, 0x9F, 0x8E, 0x9E, 0x80]
        ] as [[UInt8]])
    func namesRoundTripExactly(_ bytes: [UInt8]) {
        let name = FileNames.string(bytes)
        #expect(FileNames.bytes(of: name).dropLast().map { UInt8(bitPattern: $0) } == bytes)
    }

    @Test func rawBytesAreShownAsEscapes() {
        let name = FileNames.string([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67])
        #expect(name.escaped == "caf\\xE9.jpg")
        #expect(FileNames.string(Array("café.jpg".utf8)) == "café.jpg" && "café.jpg".escaped == "café.jpg")
    }

    @Test func aRawByteForAPlainCharacterIsNotCanonicalAndNoProjectName() {
        let alias = "tri" + String(Unicode.Scalar(0x10FF70)!)  // the raw byte 0x70 is 'p': "trip" in disguise
        #expect(!FileNames.isCanonical(alias))
        #expect(throws: CoreError.self) { try FileNames.component(alias) }
        #expect(throws: CoreError.self) { try Names.project(alias) }
        #expect(throws: CoreError.self) { try Names.project(FileNames.string([0x63, 0x61, 0x66, 0xE9])) }
        #expect(FileNames.isCanonical(FileNames.string([0x63, 0x61, 0x66, 0xE9])), "a real Latin-1 byte is canonical")
        #expect((try? Names.project("café ☃")) == "café ☃")
    }

    @Test func bidiOverridesAndZeroWidthCharactersAreShownNotObeyed() {
        #expect("rtl\u{202E}gpj.exe".escaped == "rtl\\u{202E}gpj.exe")
        #expect("a\u{200B}b\u{FEFF}.jpg".escaped == "a\\u{200B}b\\u{FEFF}.jpg")
        #expect("שלום.jpg".escaped == "שלום.jpg", "right-to-left letters themselves are text")
    }
}
