/// The difference between two states of a project, reversible both ways: what undo and redo apply.
///
/// Photos are compared by id and only changed ones are kept; shelves and albums keep their order of
/// names plus the slides of rows that changed, so a step stays small however large the project is.
public struct ProjectPatch: Codable, Equatable, Sendable {
    /// Shelves or albums: the order of names before and after, and the slides of rows that changed.
    public struct RowsChange: Codable, Equatable, Sendable {
        public let namesBefore: [String]
        public let namesAfter: [String]
        public let before: [String: [PhotoID]]
        public let after: [String: [PhotoID]]
    }

    /// The user's stack choices before and after (nil = none).
    public struct StacksChange: Codable, Equatable, Sendable {
        public let before: StackChoices?
        public let after: StackChoices?
    }

    public var photos: [PhotoChange]
    public var shelves: RowsChange?
    public var albums: RowsChange?
    public var stacks: StacksChange?
    public var shares: SharesChange?
    public var people: PeopleChange?

    /// The shares before and after (nil = none).
    public struct SharesChange: Codable, Equatable, Sendable {
        public let before: [Share]?
        public let after: [Share]?
    }

    /// A patch that changes nothing.
    public static let none = ProjectPatch(photos: [], shelves: nil, albums: nil)

    public var isEmpty: Bool {
        photos.isEmpty && shelves == nil && albums == nil && stacks == nil && shares == nil && people == nil
    }

    /// The patch that turns `old` into `new`.
    public static func between(_ old: Project, _ new: Project) -> ProjectPatch {
        let photos = new.photos.differences(from: old.photos) { PhotoChange(id: $0, before: $1, after: $2) }
        let stacks = old.stacks == new.stacks ? nil : StacksChange(before: old.stacks, after: new.stacks)
        let shares = old.shares == new.shares ? nil : SharesChange(before: old.shares, after: new.shares)
        return ProjectPatch(
            photos: photos, shelves: rows(old.shelves, new.shelves),
            albums: rows(old.albums, new.albums), stacks: stacks, shares: shares,
            people: PeopleChange.between(old.people, new.people))
    }

    /// Applies the patch forwards (redo) or backwards (undo).
    public func apply(to project: inout Project, reverse: Bool) {
        for change in photos {
            project.photos[change.id] = (reverse ? change.before : change.after)?.migrated
        }
        if let stacks { project.stacks = reverse ? stacks.before : stacks.after }
        if let shares { project.shares = reverse ? shares.before : shares.after }
        if let people { project.people = people.apply(to: project.people, reverse: reverse) }
        if let shelves { project.shelves = Self.rebuild(project.shelves, shelves, reverse: reverse) }
        if let albums { project.albums = Self.rebuild(project.albums, albums, reverse: reverse) }
    }

    /// What in `project` differs from the state the patch expects to start from (empty when it applies cleanly):
    /// a document edited by hand since the step was recorded.
    public func conflicts(in project: Project, reverse: Bool) -> [String] {
        var found: [String] = []
        for change in photos where project.photos[change.id] != (reverse ? change.after : change.before)?.migrated {
            found.append("photo \(String(change.id.prefix(10)))")
        }
        if let stacks, project.stacks != (reverse ? stacks.after : stacks.before) { found.append("the stacks") }
        if let shares, project.shares != (reverse ? shares.after : shares.before) { found.append("the shares") }
        if let people, !people.applies(to: project.people, reverse: reverse) { found.append("the people") }
        for (kind, change, rows) in [("shelves", shelves, project.shelves), ("albums", albums, project.albums)] {
            guard let change else { continue }
            let expected = reverse ? change.namesAfter : change.namesBefore
            let slides = reverse ? change.after : change.before
            if rows.map(\.name) != expected {
                found.append("the list of \(kind)")
            } else {
                for row in rows where slides[row.name].map({ $0 != row.slides }) ?? false {
                    found.append("'\(row.name)'")
                }
            }
        }
        return found
    }

    private static func rows(_ old: [SlideRow], _ new: [SlideRow]) -> RowsChange? {
        guard old != new else { return nil }
        let oldSlides = Dictionary(old.map { ($0.name, $0.slides) }, uniquingKeysWith: { a, _ in a })
        let newSlides = Dictionary(new.map { ($0.name, $0.slides) }, uniquingKeysWith: { a, _ in a })
        var before: [String: [PhotoID]] = [:], after: [String: [PhotoID]] = [:]
        for (name, slides) in oldSlides where newSlides[name] != slides { before[name] = slides }
        for (name, slides) in newSlides where oldSlides[name] != slides { after[name] = slides }
        return RowsChange(namesBefore: old.map(\.name), namesAfter: new.map(\.name), before: before, after: after)
    }

    private static func rebuild(_ current: [SlideRow], _ change: RowsChange, reverse: Bool) -> [SlideRow] {
        let slides = Dictionary(current.map { ($0.name, $0.slides) }, uniquingKeysWith: { a, _ in a })
        let names = reverse ? change.namesBefore : change.namesAfter
        let changed = reverse ? change.before : change.after
        return names.map { SlideRow(name: $0, slides: changed[$0] ?? slides[$0] ?? []) }
    }
}
