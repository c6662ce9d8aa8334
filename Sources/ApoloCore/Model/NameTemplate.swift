/// A template of file or folder names with variables, as `apolo ingest --name` and `--folders` take them:
/// `{date}/{job}` or `{job}_{seq:4}`. A number variable takes a width (`{seq:4}` → `0007`).
///
/// Every value is made safe for one path component (a `/`, a control character or a leading dot becomes `_`, a
/// component is cut at 200 bytes), so a camera's model can never climb out of the destination.
public struct NameTemplate: Sendable, Equatable, CustomStringConvertible {
    /// The variables a template can use.
    public enum Variable: String, CaseIterable, Sendable {
        case year, month, day, hour, minute, second, date, time
        case camera, make, serial, lens, name, number, job, seq, dayseq, cardseq, album

        var isNumber: Bool { [.seq, .dayseq, .cardseq, .number].contains(self) }
    }

    enum Part: Sendable, Equatable {
        case text(String)
        case variable(Variable, width: Int)
    }

    let parts: [Part]
    /// The template as written.
    public let description: String

    /// Parses `text`; `folders` allows `/` between folder names. Throws a usage-like refusal that lists the variables.
    public init(_ text: String, folders: Bool) throws(CoreError) {
        description = text
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else { throw Self.refuse(text, "a '{' is not closed") }
            parts.append(try Self.variable(rest[rest.index(after: open)..<close], in: text))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        for case .text(let literal) in parts {
            if literal.contains("}") { throw Self.refuse(text, "a '}' has no '{'") }
            if literal.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) {
                throw Self.refuse(text, "it holds a control character")
            }
            if !folders && literal.contains("/") { throw Self.refuse(text, "a file name cannot hold '/'") }
        }
        if text.hasPrefix("/")
            || text.split(separator: "/", omittingEmptySubsequences: false)
                .contains(where: { $0 == ".." || $0 == "." })
        {
            throw Self.refuse(text, "it must stay inside the destination (no leading '/', no '.' or '..')")
        }
        if text.isEmpty && !folders { throw Self.refuse(text, "it is empty") }
        self.parts = parts
    }

    /// True when the template names `variable`.
    public func uses(_ variable: Variable) -> Bool {
        parts.contains { if case .variable(variable, _) = $0 { true } else { false } }
    }

    /// The name (or folders, `/`-separated) for `values`; never empty, never `.` or `..`, no component over 200 bytes.
    public func expand(_ values: NameValues) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let literal): out += literal
            case .variable(let variable, let width): out += Self.safe(values.value(variable, width: width))
            }
        }
        let components = out.split(separator: "/", omittingEmptySubsequences: true).map { component in
            component == "." || component == ".." ? "_" : String(Self.cut(component, bytes: 200))
        }
        return components.isEmpty ? "_" : components.joined(separator: "/")
    }

    private static func variable(_ spec: Substring, in text: String) throws(CoreError) -> Part {
        let pieces = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let variable = Variable(rawValue: String(pieces[0])) else {
            let known = Variable.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
            throw refuse(text, "{\(spec)} is no variable (variables: \(known))")
        }
        guard pieces.count == 2 else { return .variable(variable, width: 0) }
        guard variable.isNumber, let width = width(pieces[1]) else {
            throw refuse(text, "{\(spec)}: only {seq}, {dayseq}, {cardseq} and {number} take a width of 1–9 digits")
        }
        return .variable(variable, width: width)
    }

    /// The width `{number:N}` asks for, read without arithmetic on the digits: 1–9, or nil. One rule for file
    /// names, captions and templates, so no template can ask for a 9,000,000,000,000,000,000-digit number.
    static func width(_ text: Substring) -> Int? {
        guard text.utf8.count == 1, let digit = text.utf8.first, (49...57).contains(digit) else { return nil }
        return Int(digit) - 48
    }

    private static func refuse(_ text: String, _ why: String) -> CoreError {
        CoreError(.invalid, "template '\(text)' cannot be used: \(why)")
    }

    /// One value made safe as (part of) one path component.
    public static func safe(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            let bad = scalar == "/" || scalar == "\\" || scalar.value < 32 || scalar.value == 127
            scalars.append(bad ? "_" : scalar)
        }
        var text = String(scalars)
        while text.hasPrefix(".") { text = "_" + text.dropFirst() }
        return text
    }

    /// A file name of `base`, `suffix` (`-2`) and the card file's `ending` (`.JPG`) that fits in 255 bytes: control
    /// characters of the ending become `_`, an ending over 64 bytes is cut, then the base is cut to make room.
    public static func fileName(_ base: String, suffix: String, ending: String) -> String {
        var end = String(safe("x" + ending).dropFirst())
        if end.utf8.count > 64 { end = String(cut(Substring(end), bytes: 64)) }
        let room = max(1, 255 - suffix.utf8.count - end.utf8.count)
        return String(cut(Substring(base), bytes: room)) + suffix + end
    }

    public static func cut(_ text: Substring, bytes: Int) -> Substring {
        guard text.utf8.count > bytes else { return text }
        var end = text.startIndex
        var used = 0
        for index in text.indices {
            let size = text[index].utf8.count
            if used + size > bytes { break }
            used += size
            end = text.index(after: index)
        }
        return text[..<end]
    }
}
