/// `slide swap A B`: exchange two shelf slides (same shelf or two shelves).
public struct SlideSwap: Edit, Equatable {
    public static let spec = CommandSpec(
        "slide swap", "Swap two shelf slides, on one shelf or across two", kind: .edit)
    public static let examples = [
        Example(
            "slide swap best:1 best:2", SlideSwap("best:1", "best:2"), before: "table: | best: a b c",
            after: "table: | best: b a c"),
        Example(
            "slide swap best:1 other:2", SlideSwap("best:1", "other:2"), before: "table: | best: a b | other: c d",
            after: "table: | best: d b | other: c a"),
        Example(
            "slide swap table:1 best:1", SlideSwap("table:1", "best:1"), before: "table: a | best: b",
            error: "only shelf slides can be swapped"),
        Example(
            "slide swap best:1 other:1", SlideSwap("best:1", "other:1"), before: "table: | best: a b | other: b",
            error: "already on shelf 'best'")
    ]

    public let first: SlideRef
    public let second: SlideRef

    public init(_ first: String, _ second: String) {
        self.first = SlideRef(first)
        self.second = SlideRef(second)
    }

    public func apply(to project: inout Project) throws -> Said {
        let a = try project.resolveSlide(first), b = try project.resolveSlide(second)
        let (sa, sb) = (try Self.shelf(a, project), try Self.shelf(b, project))
        let ida = try project.photoID(at: a), idb = try project.photoID(at: b)
        if a == b || ida == idb { return "nothing to swap: both name the same photo" }
        if sa != sb {
            if project.shelves[sa].slides.contains(idb) {
                throw CoreError(
                    .conflict, "'\(project.photos[idb]?.file ?? idb)' is already on shelf '\(project.shelves[sa].name)'"
                )
            }
            if project.shelves[sb].slides.contains(ida) {
                throw CoreError(
                    .conflict, "'\(project.photos[ida]?.file ?? ida)' is already on shelf '\(project.shelves[sb].name)'"
                )
            }
        }
        project.shelves[sa].slides[a.position - 1] = idb
        project.shelves[sb].slides[b.position - 1] = ida
        return Said("slide.swapped", "\(a)", "\(b)")
    }

    private static func shelf(_ location: SlideLocation, _ project: Project) throws -> Int {
        switch location.place {
        case .shelf(let name): return try project.requireShelf(name)
        case .album(let name): throw CoreError.lockedAlbum(name)
        case .table, .discarded:
            throw CoreError(.invalid, "only shelf slides can be swapped; \(location) is not on a shelf")
        }
    }
}

/// `slide discard REF...`: off a shelf (back to the table), or off the table (hidden until restored). Several
/// references and ranges are resolved against the state before the command, so `table:81 table:82` discards
/// the two slides shown at those positions, not what moves up after the first.
public struct SlideDiscard: Edit, Equatable {
    public static let spec = CommandSpec(
        "slide discard", "Take slides off their shelf, or hide table slides as discarded",
        kind: .edit)
    public static let examples = [
        Example(
            "slide discard best:1", SlideDiscard("best:1"), before: "table: b | best: a", after: "table: a b | best:"),
        Example(
            "slide discard table:1", SlideDiscard("table:1"), before: "table: a b", after: "table: b | discarded: a"),
        Example(
            "slide discard table:1 table:2", SlideDiscard(["table:1", "table:2"]), before: "table: a b c",
            after: "table: c | discarded: a b"),
        Example(
            "slide discard table:2-3 best:1", SlideDiscard(["table:2-3", "best:1"]), before: "table: a b c | best: d",
            after: "table: a d | best: | discarded: b c"),
        Example(
            "slide discard trip:1", SlideDiscard("trip:1"), before: "table: | album trip: a",
            error: "album 'trip' is locked")
    ]

    public let refs: [SlideRef]

    public init(_ ref: String) { self.init([ref]) }

    public init(_ refs: [String]) { self.refs = refs.map(SlideRef.init) }

    public func apply(to project: inout Project) throws -> Said {
        var slides: [(SlideLocation, PhotoID)] = []
        for ref in try project.expanded(refs) {
            let location = try project.resolveSlide(ref)
            if !slides.contains(where: { $0.0 == location }) {
                slides.append((location, try project.photoID(at: location)))
            }
        }
        var messages: [Said] = []
        for (location, id) in slides {
            let file = project.photos[id]?.file ?? id
            switch location.place {
            case .album(let name): throw CoreError.lockedAlbum(name)
            case .discarded: throw CoreError(.invalid, said: Said("error.alreadyDiscarded", "\(file)"))
            case .table:
                project.photos[id]?.discarded = true
                messages.append(Said("slide.discarded", "\(file)", "\(String(id.prefix(10)))"))
            case .shelf(let name):
                project.shelves[try project.requireShelf(name)].slides.removeAll { $0 == id }
                let back = project.locations(of: id).first?.place == .table
                messages.append(Said(back ? "slide.offShelfBack" : "slide.offShelf", "\(file)", "\(name)"))
            }
        }
        guard slides.count > 1 else { return messages[0] }
        let hidden = slides.filter { $0.0.place == .table }.count
        let parts = [
            hidden > 0 ? Said.count("slides.fromTable", hidden) : nil,
            slides.count > hidden ? Said.count("slides.offShelves", slides.count - hidden) : nil
        ]
        return Said("slides.allBack", Said(joining: parts.compactMap { $0 }, separator: ", "))
    }
}

/// `slide restore REF`: bring a discarded photo back to the table.
public struct SlideRestore: Edit, Equatable {
    public static let spec = CommandSpec(
        "slide restore", "Bring a discarded photo back to the table", kind: .edit)
    public static let examples = [
        Example(
            "slide restore discarded:1", SlideRestore("discarded:1"), before: "table: b | discarded: a",
            after: "table: a b"),
        Example("slide restore a.jpg", SlideRestore("a.jpg"), before: "table: b | discarded: a", after: "table: a b"),
        Example("slide restore table:1", SlideRestore("table:1"), before: "table: a", error: "'a.jpg' is not discarded")
    ]

    public let ref: SlideRef

    public init(_ ref: String) { self.ref = SlideRef(ref) }

    public func apply(to project: inout Project) throws -> Said {
        let id = try project.resolvePhoto(ref)
        guard let photo = project.photos[id], photo.discarded else {
            throw CoreError(.invalid, said: Said("error.notDiscarded", "\(project.photos[id]?.file ?? id)"))
        }
        project.photos[id]?.discarded = false
        return Said("slide.restored", "\(photo.file)")
    }
}
