/// A caption's or a template's text made for one photo: `{variables}` of the photo (its capture time, camera,
/// lens, file) and `\code\` replacements from the photographer's codes (as Photo Mechanic's code replacement).
/// Braces that name no variable stay as typed; a `\word\` that is no code stays too when there are no codes.
public enum MetaText {
    /// The variables a caption can use.
    public static let variables = [
        "year", "month", "day", "hour", "minute", "second", "date", "time", "camera",
        "make", "lens", "file", "name", "number"
    ]

    /// `text` for `photo`; throws when it names a code the codes do not hold or a width that is not 1–9 (`check`
    /// says so once, before the photos, for a whole edit).
    /// `extra` gives variables only an ingest knows (`seq`, `dayseq`, `job`) for this photo.
    public static func expand(
        _ text: String, photo: Photo, codes: [String: String],
        extra: [String: String] = [:]
    ) throws(CoreError) -> String {
        guard let coded = try replaceCodes(text, codes) else { return "" }
        return try expandVariables(coded, photo, extra)
    }

    /// Refuses a caption or template whose `{variable:N}` asks for a width other than 1–9 digits, or that holds a
    /// character XMP cannot carry: said before any photo is touched.
    public static func check(_ text: String) throws(CoreError) {
        if let bad = text.xmlForbiddenCharacter {
            throw CoreError(.invalid, "the text holds \(bad), a character XMP cannot carry; remove it")
        }
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return }
            try width(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The width of `{name:N}` (0 without one); throws when a known variable asks for a width that is not 1–9.
    @discardableResult
    static func width(_ spec: Substring, extra: [String: String] = [:]) throws(CoreError) -> Int {
        guard let colon = spec.firstIndex(of: ":") else { return 0 }
        let name = String(spec[..<colon])
        let known = variables.contains(name) || extra[name] != nil || ["seq", "dayseq", "job"].contains(name)
        guard known else { return 0 }
        guard let width = NameTemplate.width(spec[spec.index(after: colon)...]) else {
            throw CoreError(.invalid, "{\(spec.prefix(40))}: a width is one digit, 1–9 ({number:4} makes 0412)")
        }
        return width
    }

    /// `\code\` → its replacement.
    public static func replaceCodes(_ text: String, _ codes: [String: String]) throws(CoreError) -> String? {
        guard text.contains("\\") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\\") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "\\") else { out += rest[open...]; return out }
            let code = String(after[..<close])
            if let replacement = codes[code] ?? codes[code.lowercased()] {
                out += replacement
            } else if !codes.isEmpty && !code.isEmpty && code.count <= 24 && !code.contains(" ") {
                let known = codes.keys.sorted().prefix(8).map { "\\\($0)\\" }.joined(separator: " ")
                throw CoreError(.notFound, "\\\(code)\\ is no code (codes: \(known)\(codes.count > 8 ? " …" : ""))")
            } else {
                out += rest[open...close]
            }
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    static func expandVariables(
        _ text: String, _ photo: Photo,
        _ extra: [String: String] = [:]
    ) throws(CoreError) -> String {
        guard text.contains("{") else { return text }
        let stem = photo.file.lastIndex(of: ".").map { String(photo.file[..<$0]) } ?? photo.file
        var values = NameValues(wallClock: String((photo.captured ?? photo.modified).prefix(19)), name: stem)
        (values.camera, values.make, values.lens) = (photo.camera, photo.make, photo.lens)
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let spec = rest[rest.index(after: open)..<close]
            let name = String(spec.prefix { $0 != ":" })
            let width = try width(spec, extra: extra)
            if let value = extra[name] {
                out += value.allSatisfy(\.isNumber) ? NameValues.padded(value, width) : value
            } else if name == "file" {
                out += photo.file
            } else if name == "time" {
                out +=
                    values.value(.hour, width: 0) + ":" + values.value(.minute, width: 0) + ":"
                    + values.value(.second, width: 0)
            } else if variables.contains(name), let variable = NameTemplate.Variable(rawValue: name) {
                out += values.value(variable, width: width)
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
