/// What a filter that found nothing where it looked would find elsewhere (`filter --blurry`
/// right after an import answered "no photos match": the photos were on the table, and filter looks at shelves).
extension FilterCriteria.Scope {
    /// Where this scope looks, in words: "on the shelves", "in the albums", "on the table", "anywhere".
    public var words: Said { Said("filter.scope." + rawValue, []) }
}

extension Project {
    /// "no photos match on the shelves; 5 match on the table (--from table)", or "no photos match anywhere"; on
    /// the page without the command's flag, in the page's language.
    public func noMatch(_ criteria: FilterCriteria) -> Said {
        Said("filter.noMatch", criteria.scope.words, elsewhere(criteria))
    }

    /// "; 5 match on the table (--from table), 1 in the albums (--from albums)" for the other scopes that have
    /// matches, or nothing (also for `all`, which already looked everywhere).
    public func elsewhere(_ criteria: FilterCriteria) -> Said {
        guard criteria.scope != .all else { return "" }
        let others = [FilterCriteria.Scope.shelves, .albums, .table].filter { $0 != criteria.scope }
        let found: [Said] = others.compactMap { scope in
            var other = criteria
            other.scope = scope
            let count = (try? filter(other).count) ?? 0
            return count == 0 ? nil : Said.count("filter.matchesIn", count, scope.words, "\(scope.rawValue)")
        }
        return found.isEmpty ? "" : Said("filter.elsewhere", Said(joining: found, separator: ", "))
    }
}
