/// Validation of the names users give to shelves, albums, projects and tags.
public enum Names {
    /// Place names that no shelf or album may take.
    public static let reserved: Set<String> = ["table", "discarded"]
    /// The longest name apolo accepts, in characters.
    public static let maxLength = 100

    /// A valid shelf or album name, trimmed; throws a message naming the problem otherwise.
    public static func place(_ raw: String, kind: String = "shelf") throws -> String {
        let name = raw.trimmingSpaces
        let said = Said("kind." + kind, [])
        guard !name.isEmpty else { throw CoreError(.invalid, said: Said("name.empty", said)) }
        let bytes = FileNames.bytes(of: name).dropLast().map { UInt8(bitPattern: $0) }
        if let bad = bytes.first(where: { $0 == 58 || $0 == 47 }) {
            throw CoreError(
                .invalid,
                said: Said(
                    "name.badCharacter", said, "\(name.escaped)",
                    "\(Character(Unicode.Scalar(bad)))"))
        }
        if name.hasControlCharacters || bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw CoreError(.invalid, "\(kind) name '\(name.escaped)' contains control characters")
        }
        if let hidden = name.invisibleCharacter {
            throw CoreError(.invalid, "\(kind) name '\(name.escaped)' contains the invisible character \(hidden)")
        }
        if reserved.contains(name.lowercased()) {
            throw CoreError(.invalid, said: Said("name.reserved", "\(name.escaped)", said))
        }
        try bounded(name, what: "\(kind) name")
        return name
    }

    /// A valid project name (also a file name under APOLO_HOME); throws otherwise.
    ///
    /// A project name is UTF-8 text: its file name is exactly its UTF-8 bytes, so every path, lock, existence
    /// check and listing names the same file. A name holding a byte that is not UTF-8 (`caf\xE9`), or a
    /// character of the range apolo uses for such bytes (U+10FF00…U+10FFFF), is refused: it could alias another.
    public static func project(_ name: String) throws -> String {
        guard !name.isEmpty else { throw CoreError(.invalid, "a project name cannot be empty") }
        if name.unicodeScalars.contains(where: FileNames.isRawByte) {
            throw CoreError(
                .invalid, "project name '\(name.escaped)' is not UTF-8 text; name projects with UTF-8 characters")
        }
        let bytes = FileNames.bytes(of: name).dropLast().map { UInt8(bitPattern: $0) }
        if bytes.contains(47) { throw CoreError(.invalid, "project name '\(name.escaped)' contains '/'") }
        if bytes.first == 46 { throw CoreError(.invalid, "project name '\(name.escaped)' starts with '.'") }
        if name.hasControlCharacters || bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw CoreError(.invalid, "project name '\(name.escaped)' contains control characters")
        }
        if let hidden = name.invisibleCharacter {
            throw CoreError(.invalid, "project name '\(name.escaped)' contains the invisible character \(hidden)")
        }
        _ = try FileNames.component(name + ".history.jsonl", what: "project name")
        if name != name.trimmingSpaces {
            throw CoreError(.invalid, "project name '\(name.escaped)' has leading or trailing spaces")
        }
        guard name.count <= maxLength else {
            throw CoreError(.invalid, "project name is \(name.count) characters long; the limit is \(maxLength)")
        }
        return name
    }

    /// A valid tag, trimmed; throws otherwise.
    public static func tag(_ raw: String) throws -> String {
        let tag = raw.trimmingSpaces
        guard !tag.isEmpty else { throw CoreError(.invalid, "a tag cannot be empty") }
        if tag.hasControlCharacters { throw CoreError(.invalid, "tag '\(tag.escaped)' contains control characters") }
        if let hidden = tag.invisibleCharacter {
            throw CoreError(.invalid, "tag '\(tag.escaped)' contains the invisible character \(hidden)")
        }
        try bounded(tag, what: "tag")
        return tag
    }
}

extension String {
    /// The string without leading and trailing white space.
    public var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
        return String(scalars[first...last])
    }

    /// True when any character is a C0/C1 control character or DEL.
    public var hasControlCharacters: Bool {
        unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// The string with control characters, raw bytes and invisible format characters (bidi overrides such as
    /// U+202E, which make `rtl‮gpj.exe` show as `rtlexe.jpg`, and zero-width ones) shown as escapes, for listings and
    /// messages (itself when there are none).
    public var escaped: String {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return self }
        let hidden = { (scalar: Unicode.Scalar) in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || FileNames.isRawByte(scalar)
                || Self.isInvisible(scalar)
        }
        guard unicodeScalars.contains(where: hidden) else { return self }
        return unicodeScalars.map { scalar in
            if FileNames.isRawByte(scalar) {
                let byte = scalar.value - 0x10FF00
                return "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
            return hidden(scalar) ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
    }

    /// The first bidi control or zero-width character a name may not hold (`U+202E`), or nil. The zero-width
    /// joiner and non-joiner are allowed: Persian, Indic scripts and emoji (👨‍👩‍👧) need them.
    public var invisibleCharacter: String? {
        unicodeScalars.first { Self.isInvisible($0) && $0.value != 0x200C && $0.value != 0x200D }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// Bidi controls and zero-width characters: they change how the text around them shows, invisibly.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// Case-insensitive key used to compare tags and place names.
    public var foldKey: String { lowercased() }
}

extension Names {
    /// The existing name a typed one was probably meant to be: the same but for case, or one or two typing
    /// slips away (a letter wrong, missing, extra, or two swapped; one slip for names of up to 4 characters).
    public static func closest(to typed: String, among names: [String]) -> String? {
        let key = Array(typed.lowercased())
        let allowed = key.count <= 4 ? 1 : 2
        return names.map { ($0, slips(key, Array($0.lowercased()))) }.filter { $0.1 <= allowed }.min { $0.1 < $1.1 }?.0
    }

    /// Edit distance counting a swap of neighbours as one slip (optimal string alignment).
    static func slips(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
