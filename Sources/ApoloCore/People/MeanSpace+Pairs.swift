extension MeanSpace {
    /// For each group, the groups whose faces lie within `within` of its own on average (squared), with that
    /// mean squared distance; pairs of two groups before `first` are left out. Each pair is measured once. Nil when
    /// more than `most` pairs are that near: groups that crowd together so are not people, and the lists would grow
    /// with the square of their number.
    func neighbours(from first: Int, within: Float, most: Int) -> [[(Int, Float)]]? {
        var near = [[(Int, Float)]](repeating: [], count: counts.count), pairs = 0
        means.withUnsafeBufferPointer { means in
            groups: for g in first..<counts.count where spreads[g] < within {
                for h in 0..<g where spreads[h] < within {
                    let apart = spreads[g] + spreads[h]
                    guard let distance = Self.distance(means, h, means, g, plus: apart, under: within) else { continue }
                    near[g].append((h, distance))
                    near[h].append((g, distance))
                    pairs += 1
                    if pairs > most { break groups }
                }
            }
        }
        return pairs > most ? nil : near
    }

    /// The mean squared distance between group `g`'s faces and group `h`'s (infinite when either is retired).
    func linkage(_ g: Int, _ h: Int) -> Float {
        means.withUnsafeBufferPointer { means in
            Self.distance(means, g, means, h, plus: spreads[g] + spreads[h], under: .infinity) ?? .infinity
        }
    }

    /// The squared distance between the descriptors at chunk rows `i` of `a` and `j` of `b`, plus `extra`, when that
    /// is under `bar`; nil otherwise. It gives up after half the numbers once they alone pass the bar: most groups
    /// are other people, far away, so a search is about twice as fast.
    @inline(__always)
    static func distance(
        _ a: UnsafeBufferPointer<Chunk>, _ i: Int, _ b: UnsafeBufferPointer<Chunk>, _ j: Int, plus extra: Float,
        under bar: Float
    ) -> Float? {
        let (x, y) = (i * chunks, j * chunks)
        var acc = Chunk.zero
        for c in 0..<(chunks / 2) {
            let d = a[x + c] - b[y + c]
            acc += d * d
        }
        if total(acc) + extra >= bar { return nil }
        for c in (chunks / 2)..<chunks {
            let d = a[x + c] - b[y + c]
            acc += d * d
        }
        let distance = total(acc) + extra
        return distance < bar ? distance : nil
    }

    /// The sum of a chunk's lanes, halved in lanes: `SIMD.sum()` is not inlined, and calling it was half the time
    /// of a grouping (`perf`, `make bench-people`).
    @inline(__always)
    static func total(_ v: Chunk) -> Float {
        let eight = v.lowHalf + v.highHalf, four = eight.lowHalf + eight.highHalf
        return (four[0] + four[2]) + (four[1] + four[3])
    }

    /// Group `g`'s mean descriptor.
    func mean(_ g: Int) -> [Float] {
        means[(g * Self.chunks)..<((g + 1) * Self.chunks)].flatMap { chunk in (0..<16).map { chunk[$0] } }
    }
}
