import ApoloCore
import ApoloStore
import Foundation

/// A named metadata template: IPTC fields (creator, credit, copyright, usage terms, the creator's contact, the
/// location, event, job id …) and keywords, applied to photos at ingest (`apolo ingest --template NAME`) or
/// later (`apolo template apply NAME REF`). Values may use `{date}`, `{camera}`, `{file}` … (per photo), `{job}`
/// (at ingest) and `\codes\`.
///
/// Kept as `APOLO_HOME/templates/NAME.json`, one field a line: JSON because apolo reads it with the same bounded
/// reader as everything else it is handed (no parser added for TOML or YAML), and it is plain enough to edit by
/// hand: `{"copyright": "© {year} Ana Pérez", "city": "Lisbon", "keywords": ["wedding"]}`.
public struct MetaTemplate: Equatable, Sendable {
    public var fields: [MetaField: String] = [:]
    public var keywords: [String] = []

    public init(fields: [MetaField: String] = [:], keywords: [String] = []) {
        self.fields = fields
        self.keywords = keywords
    }

    /// The largest template file read.
    static let limit = 256 << 10

    /// The folder of a home's templates.
    public static func folder(_ home: Home) -> String { home.root + "/templates" }

    /// A template's name checked: letters, digits, spaces, `-`, `_` and `.` (not first), at most 100 characters.
    public static func checked(_ name: String) throws(CoreError) -> String {
        let ok =
            !name.isEmpty && name.count <= 100 && !name.hasPrefix(".")
            && name.allSatisfy {
                $0.isLetter || $0.isNumber || " -_.".contains($0)
            }
        guard ok else {
            throw CoreError(.invalid, "'\(name)' cannot name a template: use letters, digits, spaces, '-', '_' and '.'")
        }
        return name
    }

    /// The names of a home's templates, sorted.
    public static func names(_ home: Home) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(home))) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Loads a template; says which when it is missing or not sound.
    public static func load(_ name: String, home: Home) throws -> MetaTemplate {
        let path = folder(home) + "/" + (try checked(name)) + ".json"
        guard let bytes = try SafeFile.read(path, limit: limit, noFollow: true) else {
            let known = names(home)
            throw CoreError(
                .notFound,
                "no template named '\(name)' ("
                    + (known.isEmpty
                        ? "there are none yet; make one with: apolo template new NAME --field creator=…)"
                        : "templates: \(known.joined(separator: ", ")))"))
        }
        guard JSONDepth.of(bytes) <= 4, let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
            let values = object as? [String: Any]
        else {
            throw CoreError(.invalid, "\(path) is not a JSON object of fields (see apolo template show)")
        }
        return try parse(values, path: path)
    }

    static func parse(_ values: [String: Any], path: String) throws -> MetaTemplate {
        var template = MetaTemplate()
        for (key, value) in values {
            if key == "keywords" {
                guard let words = value as? [String], words.count <= 1000 else {
                    throw CoreError(.invalid, "\(path): keywords must be a list of words")
                }
                template.keywords = try words.map(Names.tag)
                continue
            }
            guard let field = MetaField(name: key) else {
                let known = MetaField.allCases.map(\.rawValue).joined(separator: ", ")
                throw CoreError(.invalid, "\(path): '\(key)' is no field (fields: \(known), keywords)")
            }
            guard let text = value as? String else { throw CoreError(.invalid, "\(path): \(key) must be text") }
            try MetaText.check(text)
            template.fields[field] = try field.check(text)
        }
        return template
    }

    /// Writes the template (one field a line, in the fields' order), replacing an older one atomically.
    public func save(_ name: String, home: Home) throws {
        let folder = Self.folder(home)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var lines = MetaField.allCases.compactMap { field in
            fields[field].map { "  \(quote(field.rawValue)): \(quote($0))" }
        }
        if !keywords.isEmpty { lines.append("  \"keywords\": [" + keywords.map(quote).joined(separator: ", ") + "]") }
        let text = "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        try AtomicFile.write(Array(text.utf8), to: folder + "/" + (try Self.checked(name)) + ".json")
    }

    private func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// The edit that applies it to photos (`{job}` made first when an ingest names one).
    public func edit(
        _ ref: String, ids: [PhotoID]? = nil, job: String? = nil, codes: [String: String],
        extra: [PhotoID: [String: String]] = [:]
    ) -> MetaSet {
        let values = MetaField.allCases.compactMap { field -> (MetaField, String)? in
            guard let text = fields[field] else { return nil }
            return (field, job.map { text.replacingOccurrences(of: "{job}", with: $0) } ?? text)
        }
        return MetaSet(ref, values, codes: codes, keywords: keywords, ids: ids, extra: extra)
    }
}
