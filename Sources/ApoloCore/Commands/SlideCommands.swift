/// `slide swap A B`: exchange two shelf slides (same shelf or two shelves).
public struct SlideSwap: Edit, Equatable {
    public static let spec = CommandSpec("slide swap", "slide swap REF REF", "Swap two shelf slides, on one shelf or across two", kind: .edit)
    public static let examples = [
        Example("slide swap best:1 best:2", SlideSwap("best:1", "best:2"), before: "table: | best: a b c", after: "table: | best: b a c"),
        Example("slide swap best:1 other:2", SlideSwap("best:1", "other:2"), before: "table: | best: a b | other: c d", after: "table: | best: d b | other: c a"),
        Example("slide swap table:1 best:1", SlideSwap("table:1", "best:1"), before: "table: a | best: b", error: "only shelf slides can be swapped"),
        Example("slide swap best:1 other:1", SlideSwap("best:1", "other:1"), before: "table: | best: a b | other: b", error: "already on shelf 'best'"),
    ]

    public let first: SlideRef
    public let second: SlideRef

    public init(_ first: String, _ second: String) {
        self.first = SlideRef(first)
        self.second = SlideRef(second)
    }

    public func apply(to project: inout Project) throws -> String {
        let a = try project.resolveSlide(first), b = try project.resolveSlide(second)
        let (sa, sb) = (try Self.shelf(a, project), try Self.shelf(b, project))
        let ida = try project.photoID(at: a), idb = try project.photoID(at: b)
        if a == b || ida == idb { return "nothing to swap: both name the same photo" }
        if sa != sb {
            if project.shelves[sa].slides.contains(idb) {
                throw CoreError(.conflict, "'\(project.photos[idb]?.file ?? idb)' is already on shelf '\(project.shelves[sa].name)'")
            }
            if project.shelves[sb].slides.contains(ida) {
                throw CoreError(.conflict, "'\(project.photos[ida]?.file ?? ida)' is already on shelf '\(project.shelves[sb].name)'")
            }
        }
        project.shelves[sa].slides[a.position - 1] = idb
        project.shelves[sb].slides[b.position - 1] = ida
        return "swapped \(a) and \(b)"
    }

    private static func shelf(_ location: SlideLocation, _ project: Project) throws -> Int {
        switch location.place {
        case .shelf(let name): return try project.requireShelf(name)
        case .album(let name): throw CoreError.lockedAlbum(name)
        case .table, .discarded: throw CoreError(.invalid, "only shelf slides can be swapped; \(location) is not on a shelf")
        }
    }
}

/// `slide discard REF`: off a shelf (back to the table), or off the table (hidden until restored).
public struct SlideDiscard: Edit, Equatable {
    public static let spec = CommandSpec("slide discard", "slide discard REF", "Take a slide off its shelf, or hide a table slide as discarded", kind: .edit)
    public static let examples = [
        Example("slide discard best:1", SlideDiscard("best:1"), before: "table: b | best: a", after: "table: a b | best:"),
        Example("slide discard table:1", SlideDiscard("table:1"), before: "table: a b", after: "table: b | discarded: a"),
        Example("slide discard trip:1", SlideDiscard("trip:1"), before: "table: | album trip: a", error: "album 'trip' is locked"),
    ]

    public let ref: SlideRef

    public init(_ ref: String) { self.ref = SlideRef(ref) }

    public func apply(to project: inout Project) throws -> String {
        let location = try project.resolveSlide(ref)
        let id = try project.photoID(at: location)
        let file = project.photos[id]?.file ?? id
        switch location.place {
        case .album(let name): throw CoreError.lockedAlbum(name)
        case .discarded: throw CoreError(.invalid, "'\(file)' is already discarded")
        case .table:
            project.photos[id]?.discarded = true
            return "discarded '\(file)' from the table (see: apolo table --discarded; undo: apolo slide restore \(String(id.prefix(10))))"
        case .shelf(let name):
            project.shelves[try project.requireShelf(name)].slides.remove(at: location.position - 1)
            let back = project.locations(of: id).first?.place == .table
            return "took '\(file)' off shelf '\(name)'" + (back ? "; it is back on the table" : "")
        }
    }
}

/// `slide restore REF`: bring a discarded photo back to the table.
public struct SlideRestore: Edit, Equatable {
    public static let spec = CommandSpec("slide restore", "slide restore REF", "Bring a discarded photo back to the table", kind: .edit)
    public static let examples = [
        Example("slide restore discarded:1", SlideRestore("discarded:1"), before: "table: b | discarded: a", after: "table: a b"),
        Example("slide restore a.jpg", SlideRestore("a.jpg"), before: "table: b | discarded: a", after: "table: a b"),
        Example("slide restore table:1", SlideRestore("table:1"), before: "table: a", error: "'a.jpg' is not discarded"),
    ]

    public let ref: SlideRef

    public init(_ ref: String) { self.ref = SlideRef(ref) }

    public func apply(to project: inout Project) throws -> String {
        let id = try project.resolvePhoto(ref)
        guard let photo = project.photos[id], photo.discarded else {
            throw CoreError(.invalid, "'\(project.photos[id]?.file ?? id)' is not discarded (see: apolo table --discarded)")
        }
        project.photos[id]?.discarded = false
        return "restored '\(photo.file)' to the table"
    }
}
