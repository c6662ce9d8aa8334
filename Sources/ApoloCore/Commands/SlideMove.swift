/// `slide move REF --to PLACE[:N]`: drag a slide onto a shelf (append, or before N), within a shelf, or back to the
/// table.
public struct SlideMove: Edit, Equatable {
    public static let spec = CommandSpec(
        "slide move", "Move a slide to a shelf (append, or insert before N) or back to the table", kind: .edit)
    public static let examples = [
        Example(
            "slide move table:3 --to best", SlideMove("table:3", to: "best"), before: "table: a b c | best: x",
            after: "table: a b | best: x c"),
        Example(
            "slide move table:1 --to best:1", SlideMove("table:1", to: "best:1"), before: "table: a b | best: x",
            after: "table: b | best: a x"),
        Example(
            "slide move best:1 --to best:3", SlideMove("best:1", to: "best:3"), before: "table: | best: a b c d",
            after: "table: | best: b a c d"),
        Example(
            "slide move best:3 --to best:1", SlideMove("best:3", to: "best:1"), before: "table: | best: a b c",
            after: "table: | best: c a b"),
        Example(
            "slide move best:1 --to best", SlideMove("best:1", to: "best"), before: "table: | best: a b c",
            after: "table: | best: b c a"),
        Example(
            "slide move best:2 --to other:1", SlideMove("best:2", to: "other:1"),
            before: "table: | best: a b | other: c", after: "table: | best: a | other: b c"),
        Example(
            "slide move best:1 --to table", SlideMove("best:1", to: "table"), before: "table: a c | best: b",
            after: "table: a b c | best:"),
        Example(
            "slide move b.jpg --to other", SlideMove("b.jpg", to: "other"), before: "table: | best: a b | other:",
            after: "table: | best: a | other: b"),
        Example(
            "slide move b.jpg --to other", SlideMove("b.jpg", to: "other"),
            before: "table: | best: b | filtered: b | other:", error: "appears in 2 places (best:1, filtered:1)"),
        Example(
            "slide move table:1 --to trip", SlideMove("table:1", to: "trip"), before: "table: a | album trip: b",
            error: "album 'trip' is locked; reopen it"),
        Example(
            "slide move trip:1 --to best", SlideMove("trip:1", to: "best"), before: "table: | best: | album trip: b",
            error: "album 'trip' is locked"),
        Example(
            "slide move table:1 --to best:5", SlideMove("table:1", to: "best:5"), before: "table: a | best: x",
            error: "use 1–2 (2 appends)"),
        Example(
            "slide move table:9 --to best", SlideMove("table:9", to: "best"), before: "table: a | best:",
            error: "no slide at table:9: table has 1 slide"),
        Example(
            "slide move best:1 --to other", SlideMove("best:1", to: "other"), before: "table: | best: a | other: a",
            error: "already on shelf 'other'"),
        Example(
            "slide move table:1 --to nope", SlideMove("table:1", to: "nope"), before: "table: a | best:",
            error: "no shelf or album named 'nope' (places: table; shelves: best)")
    ]

    public let ref: SlideRef
    public let destination: Destination

    public init(_ ref: String, to destination: String) {
        self.ref = SlideRef(ref)
        self.destination = Destination(destination)
    }

    public func apply(to project: inout Project) throws -> Said {
        let from = try project.resolveSlide(ref)
        let id = try project.photoID(at: from)
        let file = project.photos[id]?.file ?? id
        try Self.checkMovable(from.place)
        guard let target = project.place(named: destination.place) else {
            throw CoreError.noPlace(destination.place, in: project)
        }
        switch target {
        case .album(let name): throw CoreError.lockedAlbum(name)
        case .discarded: throw CoreError(.invalid, "to discard a slide use: apolo slide discard \(ref)")
        case .table:
            guard destination.position == nil else {
                throw CoreError(.invalid, "the table keeps capture order, so it takes no position: use --to table")
            }
            guard case .shelf(let name) = from.place else {
                throw CoreError(.invalid, "'\(file)' is already on the table")
            }
            project.shelves[try project.requireShelf(name)].slides.remove(at: from.position - 1)
            let still = project.locations(of: id).filter { $0.place != .table }
            let moved = Said("slide.movedToTable", "\(file)", "\(from)")
            return still.isEmpty
                ? moved
                : Said("slide.stillAt", moved, "\(still.map(\.description).joined(separator: ", "))")
        case .shelf(let name):
            let to = try project.requireShelf(name)
            let position = try Self.move(id, from: from, toShelf: to, at: destination.position, in: &project)
            return Said("slide.moved", "\(file)", "\(from)", "\(name)", "\(position)")
        }
    }

    static func checkMovable(_ place: Place) throws {
        switch place {
        case .album(let name): throw CoreError.lockedAlbum(name)
        case .discarded: throw CoreError(.invalid, said: Said("error.restoreFirst", []))
        case .table, .shelf: return
        }
    }

    /// Moves within or into shelf `to`; returns the new 1-based position.
    private static func move(_ id: PhotoID, from: SlideLocation, toShelf to: Int, at n: Int?, in project: inout Project)
        throws -> Int
    {
        var slides = project.shelves[to].slides
        let name = project.shelves[to].name
        if from.place == .shelf(name) {
            var index = try Positions.insertion(n, count: slides.count, what: "shelf '\(name)'")
            slides.remove(at: from.position - 1)
            if from.position - 1 < index { index -= 1 }
            slides.insert(id, at: index)
            project.shelves[to].slides = slides
            return index + 1
        }
        if let existing = slides.firstIndex(of: id) {
            throw CoreError(.conflict, "that photo is already on shelf '\(name)' at position \(existing + 1)")
        }
        let index = try Positions.insertion(n, count: slides.count, what: "shelf '\(name)'")
        if case .shelf(let source) = from.place {
            project.shelves[try project.requireShelf(source)].slides.remove(at: from.position - 1)
        }
        project.shelves[to].slides.insert(id, at: index)
        return index + 1
    }
}
