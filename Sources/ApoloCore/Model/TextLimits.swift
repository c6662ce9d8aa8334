/// Lengths of text that peers read back (XMP, IPTC, file names), counted both in characters (grapheme clusters, what
/// a person sees) and in UTF-8 bytes: 60,000 combining accents on one letter are one character but 120 KB, and would
/// pass a limit that counts characters alone.
public enum TextLimits {
    /// UTF-8 bytes allowed for each character a limit allows: a character of up to four bytes, or one with a mark or
    /// two, fits; a pile of marks does not.
    public static let bytesPerCharacter = 4

    /// Nil when `text` holds at most `characters` characters and `bytesPerCharacter` times as many bytes; else what
    /// is wrong, in words ("is 120,002 bytes; at most 2,000 are kept").
    public static func problem(_ text: String, characters: Int) -> String? {
        let bytes = text.utf8.count
        if bytes > characters * bytesPerCharacter {
            return "is \(bytes) bytes; at most \(characters * bytesPerCharacter) are kept"
        }
        let count = text.count
        return count > characters ? "is \(count) characters; at most \(characters) are kept" : nil
    }

    /// `text` cut at a character's boundary to at most `characters` characters and `bytesPerCharacter` times as many
    /// bytes; itself when it fits.
    public static func cut(_ text: String, characters: Int) -> String {
        guard problem(text, characters: characters) != nil else { return text }
        let most = characters * bytesPerCharacter
        var out = "", bytes = 0, count = 0
        for character in text {
            let size = character.utf8.count
            if count == characters { break }
            if bytes + size > most {  // a letter under a pile of marks keeps the marks that fit
                for scalar in character.unicodeScalars {
                    guard bytes + scalar.utf8.count <= most else { break }
                    out.unicodeScalars.append(scalar)
                    bytes += scalar.utf8.count
                }
                break
            }
            out.append(character)
            (bytes, count) = (bytes + size, count + 1)
        }
        return out
    }
}

extension String {
    /// The first character XML 1.0 cannot carry (a C0 control other than tab, line feed and carriage return;
    /// U+FFFE; U+FFFF), as `U+FFFE`, or nil. Such a character makes an XMP packet unreadable to every peer.
    public var xmlForbiddenCharacter: String? {
        unicodeScalars.first(where: Self.isXMLForbidden).map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// The string without the characters XML 1.0 cannot carry.
    public var withoutXMLForbidden: String {
        guard unicodeScalars.contains(where: Self.isXMLForbidden) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.filter { !Self.isXMLForbidden($0) }))
    }

    public static func isXMLForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0..<0x20, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}

extension Names {
    /// Refuses a name a peer could not read back from XMP (U+FFFE, U+FFFF) or longer than `maxLength` characters
    /// (counted in bytes too: a letter under a pile of accents is one character).
    static func bounded(_ name: String, what: String) throws(CoreError) {
        if let bad = name.xmlForbiddenCharacter {
            throw CoreError(.invalid, "\(what) '\(name.escaped)' holds \(bad), a character XMP cannot carry")
        }
        if name.count > maxLength {
            throw CoreError(.invalid, "\(what) is \(name.count) characters long; the limit is \(maxLength)")
        }
        if TextLimits.problem(name, characters: maxLength) != nil {
            throw CoreError(.invalid, "\(what) is \(name.utf8.count) bytes long; the limit is \(maxLength * 4)")
        }
    }
}
