/// A caption's or a template's text made for one photo: `{variables}` of the photo (its capture time, camera,
/// lens, file) and `\code\` replacements from the photographer's codes (as Photo Mechanic's code replacement).
/// Braces that name no variable stay as typed; a `\word\` that is no code stays too when there are no codes.
public enum MetaText {
    /// The variables a caption can use.
    public static let variables = ["year", "month", "day", "hour", "minute", "second", "date", "time", "camera",
                                   "make", "lens", "file", "name", "number"]

    /// `text` for `photo`; throws when it names a code the codes do not hold.
    /// `extra` gives variables only an ingest knows (`seq`, `dayseq`, `job`) for this photo.
    public static func expand(_ text: String, photo: Photo, codes: [String: String],
                              extra: [String: String] = [:]) throws(CoreError) -> String {
        try replaceCodes(text, codes).map { expandVariables($0, photo, extra) } ?? ""
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

    static func expandVariables(_ text: String, _ photo: Photo, _ extra: [String: String] = [:]) -> String {
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
            let width = Int(spec.drop { $0 != ":" }.dropFirst()) ?? 0
            if let value = extra[name] {
                out += value.allSatisfy(\.isNumber) ? NameValues.padded(value, width) : value
            } else if name == "file" {
                out += photo.file
            } else if name == "time" {
                out += values.value(.hour, width: 0) + ":" + values.value(.minute, width: 0) + ":"
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
