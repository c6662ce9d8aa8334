import ApoloCore
import Foundation
import Testing

/// The one JSON string writer: whatever a name holds, the JSON read back is the name.
@Suite struct JSONStringTests {
    @Test func everyTextReadsBackAsItselfAndControlCharactersAreEscaped() throws {
        let texts = [
            "", "plain", "a \"quoted\" word", #"back\slash"#, "line\nbreak\r\ttab", "\u{0}\u{1}\u{1f}\u{7f}",
            "ñandú · 写真 · 📷", "\u{202e}bidi\u{200b}", String(repeating: "x\"", count: 500)
        ]
        for text in texts {
            var bytes: [UInt8] = []
            JSONString.append(text, to: &bytes)
            #expect(!bytes.contains { $0 < 32 }, "no raw control character: \(text.debugDescription)")
            let back = try JSONDecoder().decode(String.self, from: Data(bytes))
            #expect(back == text, "\(text.debugDescription) → \(String(decoding: bytes, as: UTF8.self))")
        }
        var bytes: [UInt8] = []
        JSONString.append("\u{1}\n", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""\u0001\n""#)
    }
}
