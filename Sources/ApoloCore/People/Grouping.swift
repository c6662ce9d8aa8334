/// Faces grouped into people by their identity descriptors, incrementally: new faces join the people already
/// known, or each other.
///
/// Leader clustering, largest faces first (their descriptors are the surest): each face joins the group it is
/// nearest to on average — the mean of its squared distances to the group's faces, which a group's mean and spread
/// give at once — when that is within `joinWithin`, or starts a group; then every new face is placed again by the
/// final groups, so the order of arrival matters little. A group whose faces spread wide is harder to join, so two
/// people do not chain into one through faces in between (`bench/people.py`: on 395 real faces of 66 people, kin
/// included, no two people joined with dlib's HOG finding faces; with YuNet, two sisters are: docs/people.md). A
/// group of new faces becomes a person from `fewest` faces; a face alone stays loose and is tried again at the next
/// grouping. Cost: faces × groups × 128 multiply-adds (`make bench-people` prints the time for 100,000 faces).
public struct Grouping: Sendable {
    /// A face to group: its key, its descriptor and its width in pixels of detail.
    public struct Face: Sendable {
        public let key: String
        public let identity: [Float]
        public let pixels: Int

        public init(key: String, identity: [Float], pixels: Int) {
            (self.key, self.identity, self.pixels) = (key, identity, pixels)
        }
    }

    /// What a grouping decided: faces that join known people, and new groups of faces.
    public struct Result: Equatable, Sendable {
        public var joins: [String: Int] = [:]
        public var groups: [[String]] = []
    }

    /// A face joins a group whose faces lie this near on average (the root of their mean squared distance): at
    /// 0.50 on the tuning photos no unrelated people were joined and 86% of pairs of one person were; at 0.54 a
    /// few unrelated people were joined (`bench/people.py`).
    public var joinWithin: Float = 0.52
    /// A face narrower than this (pixels of detail) is not grouped: its descriptor guesses.
    public static let minimumPixels = 40
    /// New faces become a person from this many.
    public var fewest = 2

    public init() {}

    /// Groups `faces` (not yet in any person) among `known` people (each person's id and members' descriptors).
    public func group(_ faces: [Face], known: [(id: Int, identities: [[Float]])]) -> Result {
        var space = MeanSpace()
        for person in known where !person.identities.isEmpty { space.add(person.identities, person: person.id) }
        let order = faces.indices.filter { faces[$0].identity.count == FaceIdentity.length }
            .sorted { faces[$0].pixels > faces[$1].pixels }
        var home = [Int](repeating: -1, count: faces.count)
        let limit = joinWithin * joinWithin
        for i in order {
            if let (g, _) = space.nearest(faces[i].identity, within: limit) {
                space.join(g, faces[i].identity)
                home[i] = g
            } else {
                home[i] = space.add([faces[i].identity], person: nil)
            }
        }
        for i in order {  // again, against the final means: a face met early may belong to a group made later
            guard let (g, _) = space.nearest(faces[i].identity, within: limit) else { continue }
            home[i] = g
        }
        var result = Result(), members: [Int: [String]] = [:]
        for i in order where home[i] >= 0 {
            if let person = space.person[home[i]] {
                result.joins[faces[i].key] = person
            } else {
                members[home[i], default: []].append(faces[i].key)
            }
        }
        result.groups = members.keys.sorted().compactMap { members[$0]!.count >= fewest ? members[$0] : nil }
        return result
    }
}

/// Groups' mean descriptors and spreads, packed for a fast nearest search.
struct MeanSpace {
    typealias Chunk = SIMD16<Float>
    static let chunks = FaceIdentity.length / 16
    private(set) var means: [Chunk] = []
    private var sums: [Chunk] = []
    private var counts: [Float] = []
    /// Each group's sum of its faces' squared lengths, and its spread: the mean squared distance of its faces to
    /// its mean.
    private var squares: [Float] = []
    private var spreads: [Float] = []
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

    /// The group nearest on average (squared distance to its mean plus its spread), and that mean squared distance,
    /// among those nearer than `within` (squared); nil when none is. A group is left after half its numbers once
    /// they alone pass the limit (most groups are other people, far away): about twice as fast.
    func nearest(_ identity: [Float], within: Float = .infinity) -> (Int, Float)? {
        guard !counts.isEmpty else { return nil }
        let probe = Self.pack(identity)
        var best = -1, bestDistance = within
        means.withUnsafeBufferPointer { means in
            spreads.withUnsafeBufferPointer { spreads in
                for g in 0..<counts.count {
                    let base = g * Self.chunks
                    var acc = Chunk.zero
                    for c in 0..<(Self.chunks / 2) {
                        let d = means[base + c] - probe[c]
                        acc += d * d
                    }
                    if acc.sum() + spreads[g] >= bestDistance { continue }
                    for c in (Self.chunks / 2)..<Self.chunks {
                        let d = means[base + c] - probe[c]
                        acc += d * d
                    }
                    let distance = acc.sum() + spreads[g]
                    if distance < bestDistance { (best, bestDistance) = (g, distance) }
                }
            }
        }
        return best < 0 ? nil : (best, bestDistance)
    }
}
