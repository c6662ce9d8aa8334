/// `rate REF... N`: give photos 0–5 stars (0 = unrated); the rating follows the photo everywhere.
/// Several references and ranges (`table:1-20`) are resolved against the state before the command: one step.
public struct Rate: Edit, Equatable {
    public static let spec = CommandSpec(
        "rate", "Rate photos 0–5 stars (0 clears); REF may be a range like table:1-20", kind: .edit
    )
    public static let examples = [
        Example(
            "rate table:1-2 best:1 4", Rate(["table:1-2", "best:1"], 4), before: "table: a b c | best: d",
            after: "table: a*4 b*4 c | best: d*4"),
        Example("rate table:2-3 1", Rate(["table:2-3"], 1), before: "table: a b", error: "no slide at table:3"),
        Example(
            "rate best:1 5", Rate("best:1", 5), before: "table: | best: a | other: a",
            after: "table: | best: a*5 | other: a*5"),
        Example("rate table:1 0", Rate("table:1", 0), before: "table: a*3", after: "table: a"),
        Example("rate table:1 6", Rate("table:1", 6), before: "table: a", error: "rating must be 0–5")
    ]

    public let refs: [SlideRef]
    public let stars: Int

    public init(_ ref: String, _ stars: Int) { self.init([ref], stars) }

    public init(_ refs: [String], _ stars: Int) {
        self.refs = refs.map(SlideRef.init)
        self.stars = stars
    }

    public func apply(to project: inout Project) throws -> Said {
        guard (0...5).contains(stars) else {
            throw CoreError(.invalid, "rating must be 0–5 (0 clears it), not \(stars)")
        }
        let ids = try project.resolvePhotos(refs)
        for id in ids { project.photos[id]?.rating = stars }
        let what = project.said(photos: ids)
        return stars == 0 ? Said("rate.cleared", what) : Said("rate.set", what, "\(Stars.text(stars))")
    }
}

/// `tag add REF TAG...`: tags are trimmed, compared case-insensitively, and keep the spelling first used in the
/// project.
public struct TagAdd: Edit, Equatable {
    public static let spec = CommandSpec(
        "tag add", "Add tags to photos (REF: one, a range like best:2-5, or several joined by commas)", kind: .edit)
    public static let examples = [
        Example(
            "tag add table:1-2,best:1 street", TagAdd("table:1-2,best:1", ["street"]), before: "table: a b c | best: d",
            after: "table: a#street b#street c | best: d#street"),
        Example(
            "tag add best:1 tram street", TagAdd("best:1", ["tram", "street"]), before: "table: | best: a",
            after: "table: | best: a#tram#street"),
        Example(
            "tag add table:2 street", TagAdd("table:2", ["street"]), before: "table: a#Street b",
            after: "table: a#Street b#Street"),
        Example(
            "tag add table:1 ' night '", TagAdd("table:1", [" night "]), before: "table: a", after: "table: a#night"),
        Example("tag add table:1 ''", TagAdd("table:1", [""]), before: "table: a", error: "a tag cannot be empty"),
        Example(
            "tag add table:1 label:red", TagAdd("table:1", ["label:red"]), before: "table: a",
            error: "'label:red' is a colour label, not a tag: apolo label table:1 red")
    ]

    /// One reference, a range (`best:2-5`), or several joined by commas (`best:1,best:4`).
    public let ref: String
    public let tags: [String]

    public init(_ ref: String, _ tags: [String]) {
        self.ref = ref
        self.tags = tags
    }

    public func apply(to project: inout Project) throws -> Said {
        guard !tags.isEmpty else { throw CoreError(.invalid, "name at least one tag to add") }
        let wanted = try tags.map(Names.tag)
        for tag in wanted where tag.lowercased().hasPrefix(ColourLabel.tagPrefix) {
            if let colour = ColourLabel(word: String(tag.dropFirst(ColourLabel.tagPrefix.count))) {
                throw CoreError(
                    .invalid,
                    "'\(tag)' is a colour label, not a tag: apolo label \(ref) \(colour.rawValue)")
            }
        }
        let ids = try project.resolvePhotos(project.references(ref))
        var spelling = project.tagSpellings
        var added = Set<String>(), order: [String] = []
        for id in ids {
            for tag in wanted where project.photos[id]?.hasTag(tag) == false {
                let canonical = spelling[tag.foldKey] ?? tag
                spelling[tag.foldKey] = canonical
                project.photos[id]?.tags.append(canonical)
                if added.insert(canonical).inserted { order.append(canonical) }
            }
        }
        let what = project.said(photos: ids)
        if order.isEmpty { return Said.count("tags.already", ids.count, what) }
        return Said("tags.added", what, "\(order.joined(separator: ", "))")
    }
}

/// `tag remove REF TAG...`.
public struct TagRemove: Edit, Equatable {
    public static let spec = CommandSpec(
        "tag remove", "Remove tags from photos (REF as for tag add)", kind: .edit)
    public static let examples = [
        Example(
            "tag remove table:1 STREET", TagRemove("table:1", ["STREET"]), before: "table: a#street#tram",
            after: "table: a#tram"),
        Example(
            "tag remove table:1 bus", TagRemove("table:1", ["bus"]), before: "table: a#tram",
            error: "'a.jpg' has no tag 'bus' (its tags: tram)")
    ]

    public let ref: String
    public let tags: [String]

    public init(_ ref: String, _ tags: [String]) {
        self.ref = ref
        self.tags = tags
    }

    public func apply(to project: inout Project) throws -> Said {
        guard !tags.isEmpty else { throw CoreError(.invalid, "name at least one tag to remove") }
        let ids = try project.resolvePhotos(project.references(ref))
        for id in ids {
            guard var photo = project.photos[id] else { throw CoreError(.notFound, "no photo \(id)") }
            for raw in tags {
                let tag = raw.trimmingSpaces
                guard photo.hasTag(tag) else {
                    let has = photo.tags.isEmpty ? "it has no tags" : "its tags: " + photo.tags.joined(separator: ", ")
                    throw CoreError(.notFound, "'\(photo.file)' has no tag '\(tag)' (\(has))")
                }
                photo.tags.removeAll { $0.foldKey == tag.foldKey }
            }
            project.photos[id] = photo
        }
        let removed = tags.map { $0.trimmingSpaces }.joined(separator: ", ")
        return Said("tags.removed", "\(removed)", project.said(photos: ids))
    }
}

extension Project {
    /// Photos as a message names them: one by its file name, several by their number.
    public func said(photos ids: [PhotoID]) -> Said {
        Said.count("photos", ids.count, "\(ids.first.map { photos[$0]?.file ?? $0 } ?? "")")
    }

    /// The spelling each tag (by case-insensitive key) was first given with, in table order of its photos.
    public var tagSpellings: [String: String] {
        var spelling: [String: String] = [:]
        for photo in photos.tagged().sortedForTable() {
            for tag in photo.tags where spelling[tag.foldKey] == nil { spelling[tag.foldKey] = tag }
        }
        return spelling
    }
}

/// Star ratings as text.
public enum Stars {
    /// `★★★☆☆` for 3; empty for 0 when `blankZero`.
    public static func text(_ stars: Int, blankZero: Bool = false) -> String {
        if stars == 0 && blankZero { return "" }
        return all[max(0, min(5, stars))]
    }

    private static let all = (0...5).map {
        String(repeating: "★", count: $0) + String(repeating: "☆", count: 5 - $0)
    }
}
