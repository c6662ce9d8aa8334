/// apolo's own messages in every language it speaks: what a change did and why one was refused, for the command
/// line and for the light table (whose messages and History come from here, in the page's language, never matched
/// as strings). They are kept in `messages/*.json` with the page's words, and written out as
/// `Catalogue+English.swift` and `Catalogue+Spanish.swift` by scripts/messages.py. A template fills `{0}` … `{9}`
/// with its arguments; a count's key has a `.one` and an `.other` form. An entry is the command line's text and,
/// when the page says it otherwise (its keys and buttons, not commands), the page's.
public enum Catalogue {
    /// Who reads a message: the command line names commands, the page its keys and buttons.
    public enum Reader: Sendable { case commandLine, page }

    typealias Entry = (line: String, page: String?)

    /// The template of `key` in `language` for `reader`, or nil when the catalogue lacks it.
    public static func template(_ key: String, _ language: Language, _ reader: Reader) -> String? {
        let entry = (language == .spanish ? spanish : english)[key] ?? fields(language)[key]
        return reader == .page ? entry?.page ?? entry?.line : entry?.line
    }

    /// Every key, in English: a test checks each language has them all, with the same placeholders.
    public static var keys: [String] { Array(english.keys) + Array(fields(.english).keys) }

    /// The IPTC fields' names (`field.title`, …, `field.keywords`), as messages name them.
    static func fields(_ language: Language) -> [String: Entry] {
        let words = language == .spanish ? MetaField.spanishWords : MetaField.allCases.map(\.words)
        var entries = Dictionary(
            uniqueKeysWithValues: zip(MetaField.allCases, words).map { field, word in
                ("field." + field.rawValue, Entry(line: word, page: nil))
            })
        entries["field.keywords"] = Entry(line: language == .spanish ? "palabras clave" : "keywords", page: nil)
        return entries
    }
}
