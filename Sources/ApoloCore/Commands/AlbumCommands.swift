/// `album compress SHELF`: lock a finished shelf into an album of the same name and order.
public struct AlbumCompress: Edit, Equatable {
    public static let spec = CommandSpec(
        "album compress", "Turn a shelf into a locked album (same name and order)", kind: .edit)
    public static let examples = [
        Example(
            "album compress best", AlbumCompress("best"), before: "table: | best: b a | album old: c",
            after: "table: | album old: c | album best: b a"),
        Example(
            "album compress best", AlbumCompress("best"), before: "table: a | best:", error: "shelf 'best' is empty")
    ]

    public let shelf: String

    public init(_ shelf: String) { self.shelf = shelf }

    public func apply(to project: inout Project) throws -> Said {
        let index = try project.requireShelf(shelf)
        guard !project.shelves[index].slides.isEmpty else {
            throw CoreError(
                .empty, "shelf '\(project.shelves[index].name)' is empty; an album needs at least one slide")
        }
        let row = project.shelves.remove(at: index)
        project.albums.append(row)
        return Said.count("album.compressed", row.slides.count, "\(row.name)", .number(project.albums.count))
    }
}

/// `album move NAME --to N`: reorder albums (export order follows).
public struct AlbumMove: Edit, Equatable {
    public static let spec = CommandSpec(
        "album move", "Move an album to position N", kind: .edit)
    public static let examples = [
        Example(
            "album move c --to 1", AlbumMove("c", to: 1), before: "table: | album a: x | album b: y | album c: z",
            after: "table: | album c: z | album a: x | album b: y"),
        Example(
            "album move a --to 3", AlbumMove("a", to: 3), before: "table: | album a: x | album b: y",
            error: "album position 3 is out of range (1–2)")
    ]

    public let name: String
    public let position: Int

    public init(_ name: String, to position: Int) {
        self.name = name
        self.position = position
    }

    public func apply(to project: inout Project) throws -> Said {
        let from = try project.requireAlbum(name)
        let count = project.albums.count
        guard (1...count).contains(position) else {
            throw CoreError(.invalid, "album position \(position) is out of range (1–\(count))")
        }
        let row = project.albums.remove(at: from)
        project.albums.insert(row, at: position - 1)
        return Said("album.moved", "\(row.name)", .number(position), .number(count))
    }
}

/// `album swap A B`.
public struct AlbumSwap: Edit, Equatable {
    public static let spec = CommandSpec(
        "album swap", "Swap the positions of two albums", kind: .edit)
    public static let examples = [
        Example(
            "album swap a c", AlbumSwap("a", "c"), before: "table: | album a: x | album b: y | album c: z",
            after: "table: | album c: z | album b: y | album a: x")
    ]

    public let first: String
    public let second: String

    public init(_ first: String, _ second: String) {
        self.first = first
        self.second = second
    }

    public func apply(to project: inout Project) throws -> Said {
        let a = try project.requireAlbum(first), b = try project.requireAlbum(second)
        project.albums.swapAt(a, b)
        return Said("album.swapped", "\(project.albums[b].name)", "\(project.albums[a].name)")
    }
}

/// `album reopen NAME`: back to a shelf with the same name and content.
public struct AlbumReopen: Edit, Equatable {
    public static let spec = CommandSpec(
        "album reopen", "Turn an album back into a shelf (same name and order)", kind: .edit)
    public static let examples = [
        Example(
            "album reopen trip", AlbumReopen("trip"), before: "table: | best: a | album trip: c b",
            after: "table: | best: a | trip: c b"),
        Example(
            "album reopen nope", AlbumReopen("nope"), before: "table: | album trip: a",
            error: "no album named 'nope' (albums: trip)")
    ]

    public let name: String

    public init(_ name: String) { self.name = name }

    public func apply(to project: inout Project) throws -> Said {
        let index = try project.requireAlbum(name)
        if let taken = project.shelfIndex(name) {
            throw CoreError(
                .conflict,
                """
                a shelf named '\(project.shelves[taken].name)' already exists; rename it first: apolo shelf rename \
                \(project.shelves[taken].name) NEW
                """
            )
        }
        let row = project.albums.remove(at: index)
        project.shelves.append(row)
        return Said("album.reopened", "\(row.name)", .number(project.shelves.count))
    }
}

/// `album discard NAME`: remove the album; its photos return to the table.
public struct AlbumDiscard: Edit, Equatable {
    public static let spec = CommandSpec(
        "album discard", "Delete an album; its photos return to the table", kind: .edit)
    public static let examples = [
        Example(
            "album discard trip --yes", AlbumDiscard("trip"), before: "table: b | album trip: a", after: "table: a b")
    ]

    public let name: String

    public init(_ name: String) { self.name = name }

    public static var destructive: Bool { true }

    public func confirmation(in project: Project) -> String? {
        guard let index = project.albumIndex(name) else { return nil }
        let count = project.albums[index].slides.count
        return
            """
            discard album '\(project.albums[index].name)' with \(count) slide\(count == 1 ? "" : "s")? Its photos \
            return to the table.
            """
    }

    public func apply(to project: inout Project) throws -> Said {
        let row = project.albums.remove(at: try project.requireAlbum(name))
        return Said.count("album.discarded", row.slides.count, "\(row.name)")
    }
}
