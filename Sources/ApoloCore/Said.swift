/// One of apolo's messages as a key of the `Catalogue` with its arguments, so that each reader gets it in their
/// language and terms (the command line names commands, the page its keys and buttons); or plain text, said as it
/// is in every language (names, numbers, and messages not in the catalogue yet). Its `description` is the command
/// line's English, as every message was before the catalogue.
public struct Said: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The catalogue key; nil for plain text (or, with `args`, parts joined by `text`).
    public let key: String?
    /// Plain text, or the separator of joined parts.
    public let text: String
    public let args: [Said]

    /// A catalogue message: `key` with its arguments in order (`{0}`, `{1}` … in the templates). With no
    /// arguments write `Said(key, [])`: Swift reads `Said("literal")` as plain text.
    public init(_ key: String, _ args: Said...) { self.init(key, args) }

    /// A catalogue message with its arguments as a list.
    public init(_ key: String, _ args: [Said]) {
        self.key = key
        self.text = ""
        self.args = args
    }

    /// Text said as it is.
    public init(text: String) {
        key = nil
        self.text = text
        args = []
    }

    public init(stringLiteral value: String) { self.init(text: value) }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(text: String(stringInterpolation: stringInterpolation))
    }

    /// `parts` said one after another with `separator` between them.
    public init(joining parts: [Said], separator: String) {
        key = nil
        text = separator
        args = parts
    }

    /// `n` as a count: the key's `.one` form for 1, its `.other` form otherwise (English and Spanish agree).
    public static func count(_ key: String, _ n: Int, _ args: Said...) -> Said {
        Said(key + (n == 1 ? ".one" : ".other"), [Said(text: String(n))] + args)
    }

    /// A number, said as digits.
    public static func number(_ n: Int) -> Said { Said(text: String(n)) }

    /// The message in `language`, worded for `reader` (English when the catalogue lacks it in that language).
    public func text(_ language: Language = .english, for reader: Catalogue.Reader = .commandLine) -> String {
        let said = args.map { $0.text(language, for: reader) }
        guard let key else { return said.isEmpty ? text : said.joined(separator: text) }
        let template = Catalogue.template(key, language, reader) ?? Catalogue.template(key, .english, reader) ?? key
        return Self.fill(template, said)
    }

    public var description: String { text() }

    /// `template` with `{0}` … `{9}` replaced by `values` (a placeholder without a value is left as it is).
    static func fill(_ template: String, _ values: [String]) -> String {
        var out = "", rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let digit = rest.index(after: open)
            if digit < rest.endIndex, let n = rest[digit].wholeNumberValue, values.indices.contains(n),
                case let close = rest.index(after: digit), close < rest.endIndex, rest[close] == "}"
            {
                out += values[n]
                rest = rest[rest.index(after: close)...]
            } else {
                out += "{"
                rest = rest[digit...]
            }
        }
        return out + rest
    }
}

/// The languages apolo speaks.
public enum Language: String, Sendable, CaseIterable {
    case english = "en", spanish = "es"

    /// The language a locale name asks for (`es_ES.UTF-8`, `es`, `en-GB`), or nil when apolo does not speak it.
    public init?(locale: String) {
        let code = locale.prefix { $0.isLetter }.lowercased()
        guard let known = Language(rawValue: code) else { return nil }
        self = known
    }
}
