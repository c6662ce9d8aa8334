/// What `apolo filter` selects: tags (all, or any), a rating rule, and where to look.
public struct FilterCriteria: Equatable, Sendable {
    /// Where the filter looks.
    public enum Scope: String, Equatable, Sendable, CaseIterable {
        case shelves, albums, table, all
    }

    /// A rating condition.
    public enum Rating: Equatable, Sendable {
        case exactly(Int)
        case atLeast(Int)
    }

    public var tags: [String]
    public var anyTag: Bool
    public var rating: Rating?
    public var scope: Scope
    /// Facts of the file (see `FilterCriteria+Facts`): camera and lens (any part, any case), capture date range,
    /// format, and tags the photo must not carry.
    public var camera: String?
    public var lens: String?
    /// Words every one of which is in the photo's title, headline, caption, other IPTC fields, tags or file name.
    public var text: String?
    public var dates: DateRange?
    public var format: String?
    public var withoutTags: [String] = []
    /// Colour label and measured signals (see `FilterCriteria+Signals`).
    public var label: ColourLabel?
    public var sharp: Bool?
    public var clipped = false
    public var stackBest = false
    public var faces = false
    public var closedEyes = false
    /// Who is in the photo (see `FilterCriteria+People`): a person (number or name), people who must not be, and a
    /// count of faces; the ids are resolved when the filter runs.
    public var person: String?
    public var withoutPersons: [String] = []
    public var faceCount: Faces?
    var personID: Int?
    var withoutIDs: Set<Int> = []
    var peopleInPhoto: [PhotoID: Set<Int>]?
    public var analysis: Analysis?
    /// Clients' hearts and comments (see `FilterCriteria+Reviews`).
    public var picked = false
    public var pickedBy: String?
    public var commented = false
    public var reviews: Reviews?

    public init(tags: [String] = [], anyTag: Bool = false, rating: Rating? = nil, scope: Scope = .shelves) {
        self.tags = tags
        self.anyTag = anyTag
        self.rating = rating
        self.scope = scope
    }

    /// Throws when a value is out of range.
    public func validate() throws {
        switch rating {
        case .exactly(let n)?, .atLeast(let n)?:
            guard (0...5).contains(n) else { throw CoreError(.invalid, "rating must be 0–5, not \(n)") }
        case nil: break
        }
        for tag in tags + withoutTags { _ = try Names.tag(tag) }
        if let format, !Self.formats.contains(format) {
            throw CoreError(.invalid, "format must be one of \(Self.formats.joined(separator: ", ")), not '\(format)'")
        }
    }

    /// False when a photo with this rating and with (or without) tags cannot match: lets a filter skip
    /// photos without decoding them.
    public func mightMatch(rating stars: Int, tagged: Bool) -> Bool {
        if !tagged, !tags.isEmpty { return false }
        switch rating {
        case .exactly(let n)? where stars != n: return false
        case .atLeast(let n)? where stars < n: return false
        default: return tags.isEmpty || tagged
        }
    }

    /// True when a photo meets every condition.
    public func matches(_ photo: Photo) -> Bool {
        guard mightMatch(rating: photo.rating, tagged: !photo.tags.isEmpty), matchesFacts(photo),
            matchesSignals(photo), matchesReviews(photo), matchesPeople(photo)
        else { return false }
        guard !tags.isEmpty else { return true }
        let has = tags.map { photo.hasTag($0.trimmingSpaces) }
        return anyTag ? has.contains(true) : !has.contains(false)
    }
}

/// One filter result: a photo and the first slide it was found at.
public struct FilterHit: Equatable, Sendable {
    public let location: SlideLocation
    public let id: PhotoID
}

extension Project {
    /// Matching photos, each once, in place order: shelves (in order), then albums, then the table.
    public func filter(_ criteria: FilterCriteria) throws -> [FilterHit] {
        try criteria.validate()
        let criteria = try criteria.resolvingPeople(everyone)
        var places: [Place] = []
        if criteria.scope == .shelves || criteria.scope == .all { places += shelves.map { .shelf($0.name) } }
        if criteria.scope == .albums || criteria.scope == .all { places += albums.map { .album($0.name) } }
        if criteria.scope == .table || criteria.scope == .all { places.append(.table) }
        var seen = Set<PhotoID>()
        var hits: [FilterHit] = []
        for place in places {
            // the table's order already knows where each photo is: no lookup and no id until a photo matches
            let (changed, order) =
                place == .table
                ? photos.tableSlots(discarded: false, excluding: placedIDs) : slots(slides(of: place))
            for (i, kept) in matches(order, changed, criteria).enumerated() where kept {
                guard let id = order[i] >= 0 ? photos.source?.id(at: order[i]) : changed[-1 - order[i]].id else {
                    continue
                }
                if seen.insert(id).inserted { hits.append(FilterHit(location: SlideLocation(place, i + 1), id: id)) }
            }
        }
        return hits
    }

    /// Slides as `Photos.tableSlots` gives them (`Int.min` for an id the project does not have).
    private func slots(_ ids: [PhotoID]) -> (changed: [Photo], order: [Int]) {
        var changed: [Photo] = []
        let order = ids.map { id -> Int in
            switch photos.entry(id) {
            case nil: return Int.min
            case .stored(let index): return index
            case .changed(let photo):
                changed.append(photo)
                return -changed.count
            }
        }
        return (changed, order)
    }

    /// Which slots' photos match. Stored photos whose rating and tags already rule them out are not decoded; the
    /// rest are tested together, so the source can spread them over cores.
    private func matches(_ order: [Int], _ changed: [Photo], _ criteria: FilterCriteria) -> [Bool] {
        var kept = [Bool](repeating: false, count: order.count)
        var stored: [(slot: Int, index: Int)] = []
        let source = photos.source
        for (slot, index) in order.enumerated() where index != Int.min {
            if index < 0 {
                kept[slot] = criteria.matches(changed[-1 - index])
            } else if let source,
                criteria.mightMatch(rating: source.rating(at: index), tagged: source.isTagged(at: index))
            {
                stored.append((slot, index))
            }
        }
        guard let source, !stored.isEmpty else { return kept }
        for (k, match) in source.select(stored.map(\.index), where: { criteria.matches($0) }).enumerated() where match {
            kept[stored[k].slot] = true
        }
        return kept
    }
}

/// `filter ... --new-shelf NAME | --into SHELF`: put matching photos onto a shelf as references (no file copies).
public struct FilterInto: NeedsAnalysis, Equatable {
    /// The shelf receiving the results.
    public enum Target: Equatable, Sendable {
        case newShelf(String)
        case into(String)
    }

    public static let spec = CommandSpec(
        "filter",
        "List photos by tag and rating, or drop them onto a new or existing shelf", kind: .edit)
    public static let examples = [
        Example(
            "filter --tag street --min-rating 4 --new-shelf street-best",
            FilterInto(FilterCriteria(tags: ["street"], rating: .atLeast(4)), .newShelf("street-best")),
            before: "table: | best: a*5#street b*5 c*4#Street | maybe: d#street",
            after: "table: | best: a*5#street b*5 c*4#Street | maybe: d#street | street-best: a*5#street c*4#Street"),
        Example(
            "filter --tag tram --tag bus --any-tag --into mix",
            FilterInto(FilterCriteria(tags: ["tram", "bus"], anyTag: true), .into("mix")),
            before: "table: | best: a#tram b#bus c | mix: a#tram",
            after: "table: | best: a#tram b#bus c | mix: a#tram b#bus"),
        Example(
            "filter --rating 2 --from table --new-shelf twos",
            FilterInto(FilterCriteria(rating: .exactly(2), scope: .table), .newShelf("twos")),
            before: "table: a*2 b*3 | best: c*2", after: "table: b*3 | best: c*2 | twos: a*2"),
        Example(
            "filter --from table --person ana --new-shelf Ana",
            FilterInto(FilterCriteria.of(person: "ana", scope: .table), .newShelf("Ana")),
            before: "table: a b c | people: 1:Ana=a/0,c/1 2=b/0",
            after: "table: b | Ana: a c | people: 1:Ana=a/0,c/1 2=b/0"),
        Example(
            "filter --from table --person Luis --new-shelf Luis",
            FilterInto(FilterCriteria.of(person: "Luis", scope: .table), .newShelf("Luis")),
            before: "table: a | people: 1:Ana=a/0", error: "no person is 'Luis' (named: Ana)"),
        Example(
            "filter --tag x --new-shelf best", FilterInto(FilterCriteria(tags: ["x"]), .newShelf("best")),
            before: "table: | best: a", error: "a shelf named 'best' already exists"),
        Example(
            "filter --tag x --new-shelf xs", FilterInto(FilterCriteria(tags: ["x"]), .newShelf("xs")),
            before: "table: | best: a", error: "no photos match on the shelves; no shelf 'xs' was made")
    ]

    public internal(set) var criteria: FilterCriteria
    public let target: Target

    public init(_ criteria: FilterCriteria, _ target: Target) {
        self.criteria = criteria
        self.target = target
    }

    public var needsAnalysis: Bool { criteria.needsAnalysis }

    public func with(_ analysis: Analysis) -> FilterInto {
        var edit = self
        edit.criteria.analysis = analysis
        return edit
    }

    public func apply(to project: inout Project) throws -> Said {
        let hits = try project.filter(criteria)
        let index: Int
        switch target {
        case .newShelf(let raw):
            let name = try Names.place(raw)
            try project.requireFreeName(name)
            // an empty shelf made by a filter that found nothing would stand in the way of the next try
            guard !hits.isEmpty else {
                throw CoreError(.notFound, said: Said("filter.noShelf", project.noMatch(criteria), "\(name)"))
            }
            project.shelves.append(SlideRow(name: name))
            index = project.shelves.count - 1
        case .into(let name):
            index = try project.requireShelf(name)
        }
        let present = Set(project.shelves[index].slides)
        let fresh = hits.map(\.id).filter { !present.contains($0) }
        project.shelves[index].slides += fresh
        let skipped = hits.count - fresh.count
        let name = project.shelves[index].name
        if hits.isEmpty { return Said("filter.addedNone", project.noMatch(criteria), "\(name)") }
        let added = Said.count("filter.added", hits.count, .number(fresh.count), "\(name)")
        return skipped > 0 ? Said("filter.already", added, .number(skipped)) : added
    }
}
