/// `shelf create NAME [--at N]`: a new, empty shelf.
public struct ShelfCreate: Edit, Equatable {
    public static let spec = CommandSpec(
        "shelf create", "Create an empty shelf (at the end, or before shelf N)",
        kind: .edit)
    public static let examples = [
        Example(
            "shelf create best", ShelfCreate(name: "best"), before: "table: a | maybe:",
            after: "table: a | maybe: | best:"),
        Example(
            "shelf create best --at 1", ShelfCreate(name: "best", at: 1), before: "table: a | maybe:",
            after: "table: a | best: | maybe:"),
        Example("shelf create table", ShelfCreate(name: "table"), before: "table: a", error: "'table' is reserved"),
        Example("shelf create a:b", ShelfCreate(name: "a:b"), before: "table: a", error: "cannot contain ':' or '/'"),
        Example(
            "shelf create Best", ShelfCreate(name: "Best"), before: "table: a | best:",
            error: "a shelf named 'best' already exists")
    ]

    public let name: String
    public let at: Int?

    public init(name: String, at: Int? = nil) {
        self.name = name
        self.at = at
    }

    public func apply(to project: inout Project) throws -> Said {
        let name = try Names.place(name)
        try project.requireFreeName(name)
        let index = try Positions.insertion(at, count: project.shelves.count, what: "shelf list")
        project.shelves.insert(SlideRow(name: name), at: index)
        return Said("shelf.created", "\(name)", .number(index + 1), .number(project.shelves.count))
    }
}

/// `shelf rename OLD NEW`.
public struct ShelfRename: Edit, Equatable {
    public static let spec = CommandSpec("shelf rename", "Rename a shelf", kind: .edit)
    public static let examples = [
        Example(
            "shelf rename best keepers", ShelfRename(old: "best", new: "keepers"), before: "table: | best: a",
            after: "table: | keepers: a"),
        Example(
            "shelf rename best maybe", ShelfRename(old: "best", new: "maybe"), before: "table: | best: a | maybe:",
            error: "already exists")
    ]

    public let old: String
    public let new: String

    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }

    public func apply(to project: inout Project) throws -> Said {
        let index = try project.requireShelf(old)
        let name = try Names.place(new)
        if name.foldKey != project.shelves[index].name.foldKey { try project.requireFreeName(name) }
        let was = project.shelves[index].name
        project.shelves[index].name = name
        return Said("shelf.renamed", "\(was)", "\(name)")
    }
}

/// `shelf delete NAME`: its slides go back to the table (unless they sit on another shelf).
public struct ShelfDelete: Edit, Equatable {
    public static let spec = CommandSpec(
        "shelf delete", "Delete a shelf; its photos return to the table", kind: .edit)
    public static let examples = [
        Example(
            "shelf delete best --yes", ShelfDelete(name: "best"), before: "table: c | best: a b",
            after: "table: a b c"),
        Example(
            "shelf delete best --yes", ShelfDelete(name: "best"), before: "table: | best: a | other: a",
            after: "table: | other: a"),
        Example(
            "shelf delete nope --yes", ShelfDelete(name: "nope"), before: "table: | best: a",
            error: "no shelf named 'nope' (shelves: best)")
    ]

    public let name: String

    public init(name: String) { self.name = name }

    public static var destructive: Bool { true }

    public func confirmation(in project: Project) -> String? {
        guard let index = project.shelfIndex(name) else { return nil }
        let count = project.shelves[index].slides.count
        return
            """
            delete shelf '\(project.shelves[index].name)' with \(count) slide\(count == 1 ? "" : "s")? Its photos \
            return to the table.
            """
    }

    public func apply(to project: inout Project) throws -> Said {
        let index = try project.requireShelf(name)
        let row = project.shelves.remove(at: index)
        return Said.count("shelf.deleted", row.slides.count, "\(row.name)")
    }
}

/// `shelf move NAME --up | --down | --to N`: reorder the shelves.
public struct ShelfMove: Edit, Equatable {
    /// Where the shelf goes.
    public enum Motion: Equatable, Sendable { case up, down, to(Int) }

    public static let spec = CommandSpec(
        "shelf move", "Move a shelf up, down or to position N", kind: .edit)
    public static let examples = [
        Example(
            "shelf move b --up", ShelfMove(name: "b", motion: .up), before: "table: | a: | b: | c:",
            after: "table: | b: | a: | c:"),
        Example(
            "shelf move a --down", ShelfMove(name: "a", motion: .down), before: "table: | a: | b: | c:",
            after: "table: | b: | a: | c:"),
        Example(
            "shelf move c --to 1", ShelfMove(name: "c", motion: .to(1)), before: "table: | a: | b: | c:",
            after: "table: | c: | a: | b:"),
        Example(
            "shelf move a --up", ShelfMove(name: "a", motion: .up), before: "table: | a: | b:",
            error: "already the first shelf")
    ]

    public let name: String
    public let motion: Motion

    public init(name: String, motion: Motion) {
        self.name = name
        self.motion = motion
    }

    public func apply(to project: inout Project) throws -> Said {
        let from = try project.requireShelf(name)
        let count = project.shelves.count
        let to: Int
        switch motion {
        case .up:
            guard from > 0 else {
                throw CoreError(.invalid, "'\(project.shelves[from].name)' is already the first shelf")
            }
            to = from - 1
        case .down:
            guard from < count - 1 else {
                throw CoreError(.invalid, "'\(project.shelves[from].name)' is already the last shelf")
            }
            to = from + 1
        case .to(let n):
            guard (1...count).contains(n) else {
                throw CoreError(.invalid, "shelf position \(n) is out of range (1–\(count))")
            }
            to = n - 1
        }
        let row = project.shelves.remove(at: from)
        project.shelves.insert(row, at: to)
        return Said("shelf.moved", "\(row.name)", .number(to + 1), .number(count))
    }
}

/// Checks of 1-based positions typed by users.
enum Positions {
    /// The 0-based insertion index for "before N" (nil or count+1 appends).
    static func insertion(_ n: Int?, count: Int, what: String) throws -> Int {
        guard let n else { return count }
        guard (1...(count + 1)).contains(n) else {
            throw CoreError(
                .invalid, "position \(n) is out of range for \(what): use 1–\(count + 1) (\(count + 1) appends)")
        }
        return n - 1
    }
}
