/// A compact text form of a project, for examples and tests:
/// `table: a b | best: c*5#street d | album trip: e | discarded: f`.
///
/// Places are separated by `|`; `album NAME:` is an album, `table:` and `discarded:` are themselves,
/// any other `NAME:` is a shelf. A token is a photo name, `*N` gives its rating, `#tag` a tag and `%red` a label.
/// `people:` lists people (see `Sketch+People`), so no shelf of a sketch is called "people".
/// Photos sort on the table by name (their capture times follow name order).
public enum Sketch {
    /// Builds a project from sketch text.
    public static func project(_ text: String, name: String = "sketch") throws -> Project {
        var project = Project(name: name)
        var seen: [String] = []
        var rows: [(label: String, tokens: [String])] = []
        var people: [String]?
        for part in text.split(separator: "|") {
            guard let colon = part.firstIndex(of: ":") else {
                throw CoreError(.invalid, "sketch part '\(String(part).trimmingSpaces)' has no ':'")
            }
            let label = String(part[..<colon]).trimmingSpaces
            let tokens = part[part.index(after: colon)...].split(separator: " ").map(String.init)
            if label == "people" {
                people = tokens
                continue
            }
            rows.append((label, tokens))
            for token in tokens where !seen.contains(baseName(token)) { seen.append(baseName(token)) }
        }
        for (index, base) in seen.sorted().enumerated() { project.photos[id(base)] = photo(base, index: index) }
        for (label, tokens) in rows {
            let ids = try tokens.map { try annotate($0, in: &project) }
            if label == "table" { continue }
            if label == "discarded" {
                for id in ids { project.photos[id]?.discarded = true }
            } else if label.hasPrefix("album ") {
                project.albums.append(SlideRow(name: String(label.dropFirst(6)), slides: ids))
            } else {
                project.shelves.append(SlideRow(name: label, slides: ids))
            }
        }
        if let people { project.people = try Self.people(people) }
        return project
    }

    /// The sketch of a project; `render(project(s))` is the normal form of `s`.
    public static func render(_ project: Project) -> String {
        var parts = ["table:" + tokens(project.table.map(\.id), project)]
        parts += project.shelves.map { "\($0.name):" + tokens($0.slides, project) }
        parts += project.albums.map { "album \($0.name):" + tokens($0.slides, project) }
        let discarded = project.discarded.map(\.id)
        if !discarded.isEmpty { parts.append("discarded:" + tokens(discarded, project)) }
        if let people = project.people { parts.append("people:" + render(people)) }
        return parts.joined(separator: " | ")
    }

    /// The id a sketch gives the photo named `base`: its UTF-8 bytes in hex, padded to 64 digits.
    public static func id(_ base: String) -> PhotoID {
        let hex = base.utf8.map { String($0, radix: 16) }.joined()
        return hex + String(repeating: "0", count: max(0, 64 - hex.count))
    }

    /// The photo a sketch makes for `base`, captured `index` minutes after 2024-01-01 00:00.
    public static func photo(_ base: String, index: Int = 0) -> Photo {
        let minutes = index % 60, hours = index / 60
        let time = "2024-01-01T\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes):00"
        return Photo(
            id: id(base), file: base + ".jpg", path: "/photos/\(base).jpg", bytes: 1000,
            modified: "2024-02-01T00:00:00.000Z", captured: time)
    }

    private static func baseName(_ token: String) -> String {
        String(token.prefix { !"*#%".contains($0) })
    }

    private static func annotate(_ token: String, in project: inout Project) throws -> PhotoID {
        let id = id(baseName(token))
        var rest = token.dropFirst(baseName(token).count)
        while let mark = rest.first {
            let value = rest.dropFirst().prefix { !"*#%".contains($0) }
            rest = rest.dropFirst(1 + value.count)
            if mark == "*" {
                guard let stars = Int(value) else { throw CoreError(.invalid, "bad rating in sketch token '\(token)'") }
                project.photos[id]?.rating = stars
            } else if mark == "%" {
                project.photos[id]?.label = ColourLabel(word: String(value))
            } else if project.photos[id]?.hasTag(String(value)) == false {
                project.photos[id]?.tags.append(String(value))
            }
        }
        return id
    }

    private static func tokens(_ ids: [PhotoID], _ project: Project) -> String {
        ids.map { id in
            guard let photo = project.photos[id] else { return " ?" }
            let stars = photo.rating > 0 ? "*\(photo.rating)" : ""
            let label = photo.label.map { "%" + $0.rawValue } ?? ""
            return " " + String(photo.file.dropLast(4)) + stars + photo.tags.map { "#" + $0 }.joined() + label
        }.joined()
    }
}
