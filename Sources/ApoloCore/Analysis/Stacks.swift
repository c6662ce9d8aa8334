/// Bursts: photos taken in quick succession that look alike, grouped, each group with its suggested best frame.
/// Derived from capture times, `Signals` and the user's own splits and merges (`StackChoices`); never stored.
public struct Stacks: Sendable, Equatable {
    /// Two frames further apart than this (seconds) are not one burst.
    public static let window = 2.0

    /// Each stacked photo's stack id (the short id of its first frame, "s" first); photos alone are absent.
    public private(set) var stackOf: [PhotoID: String] = [:]
    /// Each stack's photos in capture order.
    public private(set) var members: [String: [PhotoID]] = [:]
    /// The suggested frame of each stack (see `suggest`), and why it was suggested.
    public private(set) var best: [String: PhotoID] = [:]
    public private(set) var why: [String: String] = [:]

    public init() {}

    /// Stacks of a project's photos that are not discarded and have a capture time (one that reads). A photo's id
    /// is made only when it is needed: a cut, a neighbour within `window`, a stack's frame. `order`: the photos'
    /// capture order when the caller holds it already.
    public init(project: Project, signals: [PhotoID: Signals], order: CaptureOrder? = nil) {
        let order = order ?? project.photos.captureRefs(), times = order.times
        let choices = project.stacking
        let cuts = Set(choices.cuts)
        var groups = UnionFind(count: times.count)
        var last: [(index: Int, id: PhotoID?)] = []
        for i in times.indices {
            let apart = i > 0 ? times[i].seconds(since: times[i - 1]) : .infinity
            let gapped = choices.gap.map { apart * 1000 <= Double($0) } ?? false
            let id = !cuts.isEmpty || !gapped && apart <= Self.window ? order.id(i) : nil
            defer { last = (last + [(i, id)]).suffix(2) }
            guard i > 0, !(id.map(cuts.contains) ?? false) else {
                last = []
                continue
            }
            if gapped {  // within the chosen gap: one stack, alike or not
                groups.join(i - 1, i)
                continue
            }
            guard let id, let mine = signals[id], apart <= Self.window else {
                last = []
                continue
            }
            let near = last.contains { k in
                signals[k.id ?? order.id(k.index)].map { $0.sameScene(as: mine) } ?? false
            }
            if near { groups.join(i - 1, i) } else { last = [] }
        }
        let index =
            choices.joins.isEmpty
            ? [:] : Dictionary(times.indices.map { (order.id($0), $0) }, uniquingKeysWith: { a, _ in a })
        for join in choices.joins {
            let at = join.compactMap { index[$0] }
            for k in at.dropFirst() { groups.join(at[0], k) }
        }
        let roots = times.indices.map { groups.root($0) }
        var sizes = [Int32](repeating: 0, count: times.count)
        for root in roots { sizes[root] += 1 }
        var byRoot: [Int: [Int]] = [:]  // stacks only: a photo alone takes no room
        for (i, root) in roots.enumerated() where sizes[root] > 1 { byRoot[root, default: []].append(i) }
        for frames in byRoot.values {
            let ids = frames.sorted().map(order.id)
            let id = "s" + String(ids[0].prefix(10))
            members[id] = ids
            for photo in ids { stackOf[photo] = id }
            (best[id], why[id]) = Self.suggest(ids, signals)
            if let shot = GroupShot.of(ids, signals: signals, people: project.everyone), shot.isGroup {
                (best[id], why[id]) = (shot.suggested, shot.why)
            }
        }
    }

    /// The frame to keep, and why: among frames with faces, those where no eye is closed first, then those where
    /// no face is missing (as many faces as the most any frame has: a frame where a person's face was not found is
    /// not preferred for it), then those not clipped; the sharpest of them (by their faces' sharpness when they have
    /// faces); the earliest among equals.
    static func suggest(_ ids: [PhotoID], _ signals: [PhotoID: Signals]) -> (PhotoID, String) {
        let measured = ids.filter { signals[$0] != nil }
        guard !measured.isEmpty else { return (ids[0], "the first frame (none is measured yet)") }
        let faces = { (id: PhotoID) in signals[id]?.faces ?? [] }
        let closed = { (id: PhotoID) -> Bool in
            let others = ids.filter { $0 != id }.flatMap(faces)
            return faces(id).contains { Eyes.of($0, siblings: others) == .closed }
        }
        let withFaces = measured.contains { !faces($0).isEmpty }
        let open = withFaces ? measured.filter { !closed($0) } : measured
        var pool = open.isEmpty ? measured : open
        let most = pool.map { faces($0).count }.max() ?? 0
        let whole = pool.filter { faces($0).count == most }
        let missing = whole.count < pool.count
        pool = whole
        let unclipped = pool.filter { signals[$0]?.clipped == false }
        if !unclipped.isEmpty { pool = unclipped }
        let score = { (id: PhotoID) -> Double in
            let sharpness = faces(id).map(\.sharpness)
            return withFaces && !sharpness.isEmpty ? sharpness.min() ?? 0 : signals[id]?.sharpness ?? 0
        }
        var best = pool[0]
        for id in pool.dropFirst() where score(id) > score(best) { best = id }
        var why =
            !withFaces
            ? (unclipped.isEmpty ? "the sharpest" : "the sharpest of those not clipped")
            : open.count == measured.count
                ? "sharpest faces, all eyes open"
                : open.isEmpty
                    ? "sharpest faces (eyes closed in every frame)"
                    : "sharpest faces of the frames with eyes open"
        if missing { why += "; frames where a face was not found passed over" }
        return (best, why)
    }

    /// True when the photo is the suggested frame of its stack.
    public func isBest(_ id: PhotoID) -> Bool { stackOf[id].map { best[$0] == id } ?? false }
}

/// Disjoint sets over 0..<count, joined by rank-less union with path halving.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func root(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    mutating func join(_ a: Int, _ b: Int) {
        let (ra, rb) = (root(a), root(b))
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}

extension Timestamp {
    /// Seconds from `earlier` to this time (fractions included).
    public func seconds(since earlier: Timestamp) -> Double {
        Double(seconds - earlier.seconds) + Double(nanos - earlier.nanos) / 1e9
    }
}
