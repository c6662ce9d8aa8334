/// JSON's string syntax, written once for every JSON writer apolo has (the project document's and the light
/// table's answers).
public enum JSONString {
    /// Appends `text` as a JSON string, quotes included: `"` and `\` escaped, newline, return and tab as `\n`,
    /// `\r` and `\t`, other control characters as `\u00XX`, everything else as its UTF-8 bytes.
    @inlinable public static func append(_ text: String, to out: inout [UInt8]) {
        out.append(34)
        var text = text
        let clean = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 32 || $0 == 34 || $0 == 92 }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !clean {
            for byte in text.utf8 {
                switch byte {
                case 34: out += [92, 34]
                case 92: out += [92, 92]
                case 10: out += [92, 110]
                case 13: out += [92, 114]
                case 9: out += [92, 116]
                case 0..<32: out += [92, 117, 48, 48, hex(byte >> 4), hex(byte & 15)]
                default: out.append(byte)
                }
            }
        }
        out.append(34)
    }

    /// The lower-case hexadecimal digit of 0–15.
    @inlinable static func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }
}
