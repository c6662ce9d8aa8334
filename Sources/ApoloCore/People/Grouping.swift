/// Faces grouped into people by their identity descriptors, incrementally: new faces join the people already
/// known, or each other.
///
/// Leader clustering, largest faces first (their descriptors are the surest): each face joins the group it is
/// nearest to on average — the mean of its squared distances to the group's faces, which a group's mean and spread
/// give at once — when that is within `joinWithin`, or starts a group; then every new face is placed again by the
/// final groups; then groups split by the order of arrival are joined (`merged`). A group whose faces spread wide is
/// harder to join, so two people do not chain into one through faces in between (`bench/people.py`, 460 real faces
/// of 66 people, kin included: precision 0.996 and 1.000, recall 0.931 and 0.987 on the tuning and held-back
/// photos; two sisters are joined: docs/people.md). A group of new faces becomes a person from `fewest` faces; a face
/// alone stays loose and is tried again at the next grouping. Cost: faces × groups × 128 multiply-adds, and the
/// pairs of groups of two faces or more (`make bench-people` prints the time for 100,000 faces).
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

    /// A face joins a group whose faces lie this near on average (the root of their mean squared distance): on the
    /// tuning photos, at 0.50 only 77% of pairs of one person were joined; at 0.54 unrelated people were
    /// (`bench/people.py`).
    public var joinWithin: Float = 0.52
    /// Two groups are one person when their faces lie this near each other on average: at 0.56 on the tuning photos
    /// Laura Bush was joined with a child of another family, at 0.54 no one the first pass had not joined
    /// (`bench/people.py`).
    public var mergeWithin: Float = 0.54
    /// A face narrower than this (pixels of detail) is not grouped: its descriptor guesses.
    public static let minimumPixels = 40
    /// New faces become a person from this many.
    public var fewest = 2

    public init() {}

    /// Groups `faces` (not yet in any person) among `known` people (each person's id and members' descriptors).
    public func group(_ faces: [Face], known: [(id: Int, identities: [[Float]])]) -> Result {
        var space = MeanSpace()
        for person in known where !person.identities.isEmpty { space.add(person.identities, person: person.id) }
        let first = space.count
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
        settle(&space, &home, faces, newFrom: first)
        let into = merged(&space, newFrom: first)
        var result = Result(), members: [Int: [String]] = [:]
        for i in order where home[i] >= 0 {
            if let person = space.person[into[home[i]]] {
                result.joins[faces[i].key] = person
            } else {
                members[into[home[i]], default: []].append(faces[i].key)
            }
        }
        result.groups = members.keys.sorted().compactMap { members[$0]!.count >= fewest ? members[$0] : nil }
        return result
    }

    /// Makes the new groups again from the faces each holds now that every face has been placed again.
    private func settle(_ space: inout MeanSpace, _ home: inout [Int], _ faces: [Face], newFrom first: Int) {
        var held: [Int: [[Float]]] = [:]
        for (i, g) in home.enumerated() where g >= first { held[g, default: []].append(faces[i].identity) }
        space.keep(first)
        var index: [Int: Int] = [:]
        for g in held.keys.sorted() { index[g] = space.add(held[g]!, person: nil) }
        home = home.map { $0 < first ? $0 : index[$0]! }
    }
}
