/// Groups' mean descriptors and spreads, packed for a fast nearest search.
struct MeanSpace {
    typealias Chunk = SIMD16<Float>
    static let chunks = FaceIdentity.length / 16
    private(set) var means: [Chunk] = []
    private var sums: [Chunk] = []
    private(set) var counts: [Float] = []
    /// Each group's sum of its faces' squared lengths, and its spread: the mean squared distance of its faces to
    /// its mean.
    private var squares: [Float] = []
    private(set) var spreads: [Float] = []
    /// The known person a group stands for (nil: new faces).
    private(set) var person: [Int?] = []

    static func pack(_ values: [Float]) -> [Chunk] {
        (0..<chunks).map { c in Chunk(values[(c * 16)..<(c * 16 + 16)]) }
    }

    /// A new group of these descriptors; its index.
    @discardableResult
    mutating func add(_ identities: [[Float]], person id: Int?) -> Int {
        var sum = [Chunk](repeating: .zero, count: Self.chunks), square: Float = 0
        for identity in identities {
            for (c, chunk) in Self.pack(identity).enumerated() {
                sum[c] += chunk
                square += (chunk * chunk).sum()
            }
        }
        let n = Float(identities.count)
        sums += sum
        means += sum.map { $0 / n }
        counts.append(n)
        squares.append(square)
        spreads.append(0)
        person.append(id)
        spread(counts.count - 1)
        return counts.count - 1
    }

    /// Sets group `g`'s spread from its sums.
    private mutating func spread(_ g: Int) {
        let base = g * Self.chunks
        let mean = (0..<Self.chunks).reduce(Float(0)) { $0 + (means[base + $1] * means[base + $1]).sum() }
        spreads[g] = max(0, squares[g] / counts[g] - mean)
    }

    /// Adds a descriptor to group `g`, moving its mean.
    mutating func join(_ g: Int, _ identity: [Float]) {
        counts[g] += 1
        for (c, chunk) in Self.pack(identity).enumerated() {
            sums[g * Self.chunks + c] += chunk
            means[g * Self.chunks + c] = sums[g * Self.chunks + c] / counts[g]
            squares[g] += (chunk * chunk).sum()
        }
        spread(g)
    }

    /// Moves group `gone`'s faces into group `kept`, and retires `gone`.
    mutating func merge(_ gone: Int, into kept: Int) {
        counts[kept] += counts[gone]
        squares[kept] += squares[gone]
        for c in 0..<Self.chunks {
            sums[kept * Self.chunks + c] += sums[gone * Self.chunks + c]
            means[kept * Self.chunks + c] = sums[kept * Self.chunks + c] / counts[kept]
        }
        spread(kept)
        retire(gone)
    }

    /// Group `g` is never nearest again.
    mutating func retire(_ g: Int) {
        spreads[g] = .infinity
    }

    /// Forgets every group from index `first` on.
    mutating func keep(_ first: Int) {
        sums.removeSubrange((first * Self.chunks)...)
        means.removeSubrange((first * Self.chunks)...)
        counts.removeSubrange(first...)
        squares.removeSubrange(first...)
        spreads.removeSubrange(first...)
        person.removeSubrange(first...)
    }

    /// How many groups there are, merged ones included.
    var count: Int { counts.count }

    /// The group nearest on average (squared distance to its mean plus its spread), and that mean squared distance,
    /// among those nearer than `within` (squared); nil when none is.
    func nearest(_ identity: [Float], within: Float = .infinity) -> (Int, Float)? {
        guard !counts.isEmpty else { return nil }
        let probe = Self.pack(identity)
        var best = -1, bestDistance = within
        means.withUnsafeBufferPointer { means in
            spreads.withUnsafeBufferPointer { spreads in
                probe.withUnsafeBufferPointer { probe in
                    for g in 0..<spreads.count where spreads[g] < bestDistance {  // a retired group's is infinite
                        let found = Self.distance(means, g, probe, 0, plus: spreads[g], under: bestDistance)
                        guard let distance = found else { continue }
                        (best, bestDistance) = (g, distance)
                    }
                }
            }
        }
        return best < 0 ? nil : (best, bestDistance)
    }
}
