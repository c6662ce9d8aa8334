/// `caption set REF[,REF...] --title … --caption …`: IPTC fields of photos (captions, credits, location); each
/// value's `{variables}` and `\codes\` are made for each photo; an empty value clears the field.
public struct MetaSet: Edit, Equatable {
    public static let spec = CommandSpec(
        "caption set",
        "Set photos' title, headline, caption and other IPTC fields ({date}, {camera}, {file} … and \\codes\\ "
            + "expand per photo; \"\" clears)", kind: .edit)
    public static let examples = [
        Example(
            "caption set table:1-2 --title 'Lisbon, {date}'", MetaSet("table:1-2", [(.title, "Lisbon, {date}")]),
            before: "table: a b c", after: "table: a b c"),
        Example(
            "caption set table:4 --title x", MetaSet("table:4", [(.title, "x")]), before: "table: a",
            error: "no slide at table:4"),
        Example(
            "caption set table:1", MetaSet("table:1", []), before: "table: a",
            error: "name a field to set: --title, --headline, --caption or --field NAME=TEXT"),
        Example(
            "caption set table:1 --title '{number:99}'", MetaSet("table:1", [(.title, "{number:99}")]),
            before: "table: a", error: "{number:99}: a width is one digit, 1–9 ({number:4} makes 0412)")
    ]

    public let ref: String
    public let values: [Value]
    /// The photographer's code replacements (`\b\` → "Ana Bride").
    public let codes: [String: String]
    /// Keywords (tags) added too: a template's.
    public let keywords: [String]
    /// The photos by id instead of `ref` (an ingest's, or a template applied to what it imported).
    public let ids: [PhotoID]?
    /// Variables only an ingest knows, per photo (`seq`, `dayseq`).
    public let extra: [PhotoID: [String: String]]

    /// One field and its text.
    public struct Value: Equatable, Sendable {
        public let field: MetaField
        public let text: String
    }

    public init(
        _ ref: String, _ values: [(MetaField, String)], codes: [String: String] = [:],
        keywords: [String] = [], ids: [PhotoID]? = nil, extra: [PhotoID: [String: String]] = [:]
    ) {
        self.ref = ref
        self.values = values.map { Value(field: $0.0, text: $0.1) }
        (self.codes, self.keywords, self.ids, self.extra) = (codes, keywords, ids, extra)
    }

    public func apply(to project: inout Project) throws -> Said {
        guard !values.isEmpty || !keywords.isEmpty else {
            throw CoreError(.invalid, "name a field to set: --title, --headline, --caption or --field NAME=TEXT")
        }
        for value in values { try MetaText.check(value.text) }
        let ids = try self.ids ?? project.resolvePhotos(project.references(ref))
        let tags = try keywords.map(Names.tag)
        var spelling = tags.isEmpty ? [:] : project.tagSpellings
        for id in ids {
            guard var photo = project.photos[id] else { continue }
            for value in values {
                let made = try MetaText.expand(value.text, photo: photo, codes: codes, extra: extra[id] ?? [:])
                let text = try value.field.check(made)
                photo.setMeta(value.field, text)
            }
            for tag in tags where !photo.hasTag(tag) {
                photo.tags.append(spelling[tag.foldKey] ?? tag)
                spelling[tag.foldKey] = spelling[tag.foldKey] ?? tag
            }
            project.photos[id] = photo
        }
        let names = values.map { "field." + $0.field.rawValue } + (tags.isEmpty ? [] : ["field.keywords"])
        let fields = Said(joining: names.map { Said($0, []) }, separator: ", ")
        let cleared = values.allSatisfy { $0.text.trimmingSpaces.isEmpty }
        return Said(cleared ? "meta.cleared" : "meta.set", project.said(photos: ids), fields)
    }
}
