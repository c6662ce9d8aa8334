extension MeanSpace {
    /// For each group, the groups whose faces lie within `within` of its own on average (squared), with that
    /// mean squared distance; pairs of two groups before `first` are left out. Each pair is measured once. Nil when
    /// more than `most` pairs are that near: groups that crowd together so are not people, and the lists would grow
    /// with the square of their number.
    func neighbours(from first: Int, within: Float, most: Int) -> [[(Int, Float)]]? {
        var near = [[(Int, Float)]](repeating: [], count: counts.count), pairs = 0
        means.withUnsafeBufferPointer { means in
            groups: for g in first..<counts.count where spreads[g] < within {
                let mine = g * Self.chunks
                for h in 0..<g where spreads[h] < within {
                    let base = h * Self.chunks
                    var acc = Chunk.zero
                    for c in 0..<(Self.chunks / 2) {
                        let d = means[base + c] - means[mine + c]
                        acc += d * d
                    }
                    if Self.total(acc) + spreads[g] + spreads[h] >= within { continue }
                    for c in (Self.chunks / 2)..<Self.chunks {
                        let d = means[base + c] - means[mine + c]
                        acc += d * d
                    }
                    let distance = Self.total(acc) + spreads[g] + spreads[h]
                    guard distance < within else { continue }
                    near[g].append((h, distance))
                    near[h].append((g, distance))
                    pairs += 1
                    if pairs > most { break groups }
                }
            }
        }
        return pairs > most ? nil : near
    }

    /// The mean squared distance between group `g`'s faces and group `h`'s.
    func linkage(_ g: Int, _ h: Int) -> Float {
        var acc = Chunk.zero
        for c in 0..<Self.chunks {
            let d = means[g * Self.chunks + c] - means[h * Self.chunks + c]
            acc += d * d
        }
        return Self.total(acc) + spreads[g] + spreads[h]
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
