import ApoloCore

/// Parses a project document straight into a `Project`, several times faster than `JSONDecoder`
/// (every command loads the whole document). Standard JSON; unknown keys are skipped. On any problem it
/// returns nil and the caller falls back to `JSONDecoder`, whose errors name the exact place.
struct DocumentReader: JSONGrammar {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    var newlines = 0
    /// The document's bytes, kept by the photos it indexes.
    let owner: DocumentBytes?
    /// Facts the last photo checked left for its index entry.
    var file = (start: 0, count: 0, escaped: false)
    var captured = (start: 0, count: -1, escaped: false)
    var modified = (start: 0, count: 0, escaped: false)
    var discarded = false
    var tagged = false
    var paired = false
    var rating = 0
    var checked = false

    static func parse(_ bytes: [UInt8]) -> Project? { try? parse(DocumentBytes(copying: bytes)) }

    /// The project, its photos left in `document` until read; nil when the caller should ask `JSONDecoder`
    /// (which words the error), a problem for what `JSONDecoder` would accept but apolo must not.
    static func parse(_ document: DocumentBytes) throws(DocumentProblem) -> Project? {
        var reader = DocumentReader(b: document.buffer, owner: document)
        do { return try reader.project() } catch let twice as DuplicateKey {
            throw DocumentProblem("photo \(twice.key) appears twice in \"photos\"")
        } catch {
            return nil
        }
    }

    /// A key given twice in the photos object (JSONDecoder would keep one of them silently).
    struct DuplicateKey: Error {
        let key: String
    }

    init(b: UnsafeBufferPointer<UInt8>, owner: DocumentBytes? = nil) {
        self.b = b
        self.owner = owner
    }

    mutating func project() throws -> Project {
        var project = Project(name: "")
        var seen = Set<String>()
        try object { r, key in
            seen.insert(key)
            switch key {
            case "format": project.format = try r.string()
            case "version": project.version = try r.int()
            case "name": project.name = try r.string()
            case "photos": project.photos = try r.photos()
            case "shelves": project.shelves = try r.rows()
            case "albums": project.albums = try r.rows()
            case "revision": project.revision = try r.string()
            case "stacks": project.stacks = try r.stackChoices()
            case "shares": project.shares = try r.shares()
            case "people": project.people = try r.people()
            default: try r.skip()
            }
        }
        guard seen.isSuperset(of: ["format", "version", "name", "photos", "shelves", "albums"]) else {
            throw JSONFailure()
        }
        space()
        guard i == b.count else { throw JSONFailure() }
        return project
    }

    mutating func rows() throws -> [SlideRow] {
        var rows: [SlideRow] = []
        try array { r in
            var row = SlideRow(name: "")
            var required = 0
            try r.object { r, key in
                switch key {
                case "name": row.name = try r.string(); required |= 1
                case "slides": row.slides = try r.strings(); required |= 2
                default: try r.skip()
                }
            }
            guard required == 3 else { throw JSONFailure() }
            rows.append(row)
        }
        return rows
    }

    /// `{"cuts": [id...], "joins": [[id...]...]}`: every id 64 hex digits (checked against the photos later).
    mutating func stackChoices() throws -> StackChoices {
        var choices = StackChoices()
        try object { r, key in
            switch key {
            case "cuts": choices.cuts = try r.strings()
            case "joins": try r.array { r in choices.joins.append(try r.strings()) }
            case "gap": choices.gap = try r.int()
            default: try r.skip()
            }
        }
        guard (choices.cuts + choices.joins.joined()).allSatisfy(Photo.isValidID) else { throw JSONFailure() }
        return choices
    }

    /// The shares, few and small: decoded from their own bytes (checked against the rules later).
    mutating func shares() throws -> [Share] {
        let start = i
        try skip()
        guard let shares = try? JSONInput.decode([Share].self, Array(b[start..<i]), what: "shares") else {
            throw JSONFailure()
        }
        return shares
    }

    /// The people: decoded from their own bytes (checked against the rules later; bounded by the document's size).
    mutating func people() throws -> People {
        let start = i
        try skip()
        guard let people = try? JSONInput.decode(People.self, Array(b[start..<i]), what: "people") else {
            throw JSONFailure()
        }
        return people
    }

    mutating func strings() throws -> [String] {
        var values: [String] = []
        try array { r in values.append(try r.string()) }
        return values
    }

}
