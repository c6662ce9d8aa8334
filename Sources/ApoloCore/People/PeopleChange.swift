/// How the people changed in one step: only the persons that changed (a name given among 2,000 people keeps the
/// step small), the forgotten faces and the next id when they changed.
public struct PeopleChange: Codable, Equatable, Sendable {
    /// One person before and after (nil: absent).
    public struct PersonChange: Codable, Equatable, Sendable {
        public let id: Int
        public let before: Person?
        public let after: Person?
    }

    public var persons: [PersonChange]
    public var ignoredBefore: [String]?
    public var ignoredAfter: [String]?
    public var nextBefore: Int
    public var nextAfter: Int
    /// True when the whole value was absent before (nil) or after.
    public var noneBefore: Bool
    public var noneAfter: Bool

    /// The change from `old` to `new`, or nil when they are the same.
    public static func between(_ old: People?, _ new: People?) -> PeopleChange? {
        guard old != new else { return nil }
        let a = old ?? People(), b = new ?? People()
        let before = Dictionary(a.persons.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        let after = Dictionary(b.persons.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        let ids = Set(before.keys).union(after.keys).sorted()
        let persons = ids.compactMap { id in
            before[id] == after[id] ? nil : PersonChange(id: id, before: before[id], after: after[id])
        }
        return PeopleChange(
            persons: persons, ignoredBefore: a.ignored, ignoredAfter: b.ignored, nextBefore: a.next,
            nextAfter: b.next, noneBefore: old == nil, noneAfter: new == nil)
    }

    /// The people with the change applied forwards (redo) or backwards (undo).
    public func apply(to people: People?, reverse: Bool) -> People? {
        if reverse ? noneBefore : noneAfter { return nil }
        var result = people ?? People()
        var byID = Dictionary(result.persons.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        for change in persons { byID[change.id] = reverse ? change.before : change.after }
        result.persons = byID.values.sorted { $0.id < $1.id }
        result.ignored = reverse ? ignoredBefore : ignoredAfter
        result.next = reverse ? nextBefore : nextAfter
        return result
    }

    /// True when `people` is the state the change starts from (going `reverse` or not).
    public func applies(to people: People?, reverse: Bool) -> Bool {
        let current = people ?? People()
        let byID = Dictionary(current.persons.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        return persons.allSatisfy { byID[$0.id] == (reverse ? $0.after : $0.before) }
            && current.ignored == (reverse ? ignoredAfter : ignoredBefore)
    }
}
