extension Grouping {
    /// Joins groups of two faces or more whose faces lie within `mergeWithin` of each other on average, nearest pair
    /// first (average linkage, on the mean squared distance), where at least one of the two is new: known people are
    /// never merged with each other, and a new group that joins a known person becomes theirs. Then a face still
    /// alone joins the group it is nearest to on average within `mergeWithin`. Returns, for each group, the group its
    /// faces ended in.
    ///
    /// Leader grouping alone splits a person whose first faces happened to fall far apart: once the two groups have
    /// grown, a face between them joins the nearer and the two stay apart (`bench/people.py`: recall 0.855 on the
    /// tuning photos; with this step 0.931, and no one joined who was not joined before). Faces alone are left out
    /// of the pairs: in a shoot of strangers they are most groups, and measuring every pair of them doubled the time
    /// of a grouping.
    func merged(_ space: inout MeanSpace, newFrom first: Int) -> [Int] {
        let limit = mergeWithin * mergeWithin
        let alone = (first..<space.count).filter { space.counts[$0] == 1 }
        let faces = alone.map { space.mean($0) }
        for g in alone { space.retire(g) }
        var into = joinGroups(&space, newFrom: first, within: limit)
        for (g, face) in zip(alone, faces) {
            if let (nearest, _) = space.nearest(face, within: limit) { into[g] = nearest }
        }
        return into.indices.map { Self.root(into, $0) }
    }

    /// The pairs' step of `merged`. The mean squared distance to two groups joined is the weighted mean of those to
    /// each, never below the nearer, so a joined group's neighbours are among its two parts': after one pass over
    /// every pair, each join costs only its neighbours.
    private func joinGroups(_ space: inout MeanSpace, newFrom first: Int, within limit: Float) -> [Int] {
        var into = Array(0..<space.count)
        guard var near = space.neighbours(from: first, within: limit, most: Self.mostPairs(space.count)) else {
            return into
        }
        var best = near.indices.map { $0 < first ? nil : Self.nearest(near[$0]) }
        while let g = Self.closest(best) {
            let h = best[g]!.0
            let (kept, gone) = h < first ? (h, g) : (min(g, h), max(g, h))
            space.merge(gone, into: kept)
            into[gone] = kept
            let around = Set((near[kept] + near[gone]).map(\.0)).subtracting([kept, gone])
            (near[gone], best[gone], near[kept]) = ([], nil, [])
            for k in around.sorted() {
                near[k].removeAll { $0.0 == kept || $0.0 == gone }
                if kept < first && k < first { continue }
                let distance = space.linkage(kept, k)
                if distance < limit {
                    near[k].append((kept, distance))
                    near[kept].append((k, distance))
                }
                if k >= first { best[k] = Self.nearest(near[k]) }
            }
            if kept >= first { best[kept] = Self.nearest(near[kept]) }
        }
        return into
    }

    /// The most pairs of groups within reach that the joining step takes, for this many groups (the people set's
    /// real faces: 7 pairs among 104 groups). Past it the groups crowd together, as no people do (a made-up cache),
    /// and the first pass's groups are kept: the lists would grow with the square of the groups' number.
    static func mostPairs(_ groups: Int) -> Int { 16 * max(groups, 64) }

    /// The nearest of a group's neighbours, the first of two as near.
    private static func nearest(_ neighbours: [(Int, Float)]) -> (Int, Float)? {
        neighbours.min { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    /// The new group whose nearest group is nearest of all; nil when no group has one.
    private static func closest(_ best: [(Int, Float)?]) -> Int? {
        var found: Int?, distance = Float.infinity
        for (g, pair) in best.enumerated() {
            if let (_, d) = pair, d < distance { (found, distance) = (g, d) }
        }
        return found
    }

    /// The group `g`'s faces ended in, following merges.
    private static func root(_ into: [Int], _ g: Int) -> Int {
        var g = g
        for _ in 0..<into.count where into[g] != g { g = into[g] }
        return g
    }
}
