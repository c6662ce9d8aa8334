/// `share create SHELF|ALBUM --title T`: a link for clients to pick from the photos of a shelf or album, in its order.
public struct ShareCreate: Edit, Equatable {
    public static let spec = CommandSpec(
        "share create",
        "Make a link for a client to heart photos of a shelf or album (no account; apolo serve answers it)",
        kind: .edit)
    static let token = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    public static let examples = [
        Example(
            "share create best --title 'Pick 2'", ShareCreate("best", share: draft("Pick 2")),
            before: "table: a | best: b c", after: "table: a | best: b c"),
        Example(
            "share create nowhere --title x", ShareCreate("nowhere", share: draft("x")), before: "table: a",
            error: "no shelf or album named 'nowhere'"),
        Example(
            "share create best --title x", ShareCreate("best", share: draft("x")), before: "table: a | best:",
            error: "'best' holds no photos")
    ]

    static func draft(_ title: String) -> Share {
        Share(number: 0, title: title, source: "", photos: [], token: token, created: "2024-05-01T10:00:00Z")
    }

    public let source: String
    /// The share as asked for; its number, source and photos are filled in by `apply`.
    public let share: Share

    public init(_ source: String, share: Share) {
        self.source = source
        self.share = share
    }

    public func apply(to project: inout Project) throws -> Said {
        let row: SlideRow
        if let index = project.shelfIndex(source) {
            row = project.shelves[index]
        } else if let album = project.album(
            named: source)
        {
            row = album
        } else {
            throw CoreError.noPlace(source, in: project)
        }
        guard !row.slides.isEmpty else { throw CoreError(.empty, said: Said("share.empty", "\(row.name)")) }
        let title = share.title.trimmingSpaces
        guard Share.isPlainText(title, most: 200) else {
            throw CoreError(.invalid, said: Said("share.badTitle", []))
        }
        if let most = share.maxPicks, most < 1 { throw CoreError(.invalid, said: Said("share.badMax", [])) }
        var made = share
        made.number = (project.sharing.map(\.number).max() ?? 0) + 1
        (made.title, made.source, made.photos) = (title, row.name, row.slides)
        project.sharing.append(made)
        let photos = Said.count("export.photos", row.slides.count)
        return Said("share.created", .number(made.number), "\(made.title)", photos, "\(row.name)")
    }
}

/// `share revoke SHARE`: the link stops opening at once; the picks made through it are kept.
public struct ShareRevoke: Edit, Equatable {
    public static let spec = CommandSpec(
        "share revoke", "Close a share's link at once (its picks stay; undo opens it again)", kind: .edit)
    public static let examples = [
        Example(
            "share revoke 3", ShareRevoke("3", at: "2024-05-01T10:00:00Z"), before: "table: a",
            error: "no share '3'")
    ]

    public let ref: String
    public let at: String

    public init(_ ref: String, at: String) {
        self.ref = ref
        self.at = at
    }

    public func apply(to project: inout Project) throws -> Said {
        let share = try project.requireShare(ref)
        guard share.revoked == nil else {
            throw CoreError(.conflict, said: Said("share.alreadyRevoked", .number(share.number), "\(share.title)"))
        }
        for index in project.sharing.indices where project.sharing[index].number == share.number {
            project.sharing[index].revoked = at
        }
        return Said("share.revoked", .number(share.number), "\(share.title)")
    }
}
