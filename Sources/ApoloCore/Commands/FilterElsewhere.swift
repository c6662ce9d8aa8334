/// What a filter that found nothing where it looked would find elsewhere (`filter --blurry`
/// right after an import answered "no photos match": the photos were on the table, and filter looks at shelves).
extension FilterCriteria.Scope {
    /// Where this scope looks, in words: "on the shelves", "in the albums", "on the table", "anywhere".
    public var words: String {
        switch self {
        case .shelves: "on the shelves"
        case .albums: "in the albums"
        case .table: "on the table"
        case .all: "anywhere"
        }
    }
}

extension Project {
    /// "no photos match on the shelves; 5 match on the table (--from table)", or "no photos match anywhere".
    public func noMatch(_ criteria: FilterCriteria) -> String {
        "no photos match \(criteria.scope.words)" + elsewhere(criteria)
    }

    /// "; 5 match on the table (--from table), 1 in the albums (--from albums)" for the other scopes that have
    /// matches, or "" (also for `all`, which already looked everywhere).
    public func elsewhere(_ criteria: FilterCriteria) -> String {
        guard criteria.scope != .all else { return "" }
        let others = [FilterCriteria.Scope.shelves, .albums, .table].filter { $0 != criteria.scope }
        let found = others.compactMap { scope in
            var other = criteria
            other.scope = scope
            let count = (try? filter(other).count) ?? 0
            let verb = count == 1 ? "matches" : "match"
            return count == 0 ? nil : "\(count) \(verb) \(scope.words) (--from \(scope.rawValue))"
        }
        return found.isEmpty ? "" : "; " + found.joined(separator: ", ")
    }
}
