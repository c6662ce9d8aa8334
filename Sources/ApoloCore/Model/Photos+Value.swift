/// `Photos` as a value: a sequence of (key, value) pairs like a dictionary, equatable and codable as one.
extension Photos: Sequence, Equatable, Codable, ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (PhotoID, Photo)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Pairs in id byte order; stored photos are decoded as the iteration reaches them.
    public func makeIterator() -> AnyIterator<(key: PhotoID, value: Photo)> {
        var pairs: [(key: PhotoID, value: Photo)] = []
        pairs.reserveCapacity(source?.count ?? changes.count)
        forEachEntry { id, entry in
            switch entry {
            case .stored(let index): if let source { pairs.append((id, source.photo(at: index))) }
            case .changed(let photo): pairs.append((id, photo))
            }
        }
        return AnyIterator(pairs.makeIterator())
    }

    /// Ids whose photo differs between the two, with each side's photo (nil = absent), in id order.
    /// When both come from the same source only the changed ids are compared.
    public func differences(from old: Photos) -> [(id: PhotoID, before: Photo?, after: Photo?)] {
        differences(from: old) { ($0, $1, $2) }
    }

    /// The same, each made into what `change` makes of it, in one array (an import of 200,000 photos would hold
    /// two arrays of 200,000 pairs of photos otherwise).
    public func differences<Change>(from old: Photos, _ change: (PhotoID, Photo?, Photo?) -> Change) -> [Change] {
        if source === old.source {
            let ids = Set(changes.keys).union(old.changes.keys).sorted(by: Photos.byteOrder)
            var found: [Change] = []
            found.reserveCapacity(ids.count)
            for id in ids {
                let before = old[id], after = self[id]
                if before != after { found.append(change(id, before, after)) }
            }
            return found
        }
        var found: [(id: PhotoID, before: Photo?, after: Photo?)] = []
        let oldPairs = Dictionary(old.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        var seen = Set<PhotoID>()
        for (id, photo) in self {
            seen.insert(id)
            if oldPairs[id] != photo { found.append((id, oldPairs[id], photo)) }
        }
        for (id, photo) in oldPairs where !seen.contains(id) { found.append((id, photo, nil)) }
        return found.sorted { Photos.byteOrder($0.id, $1.id) }.map { change($0.id, $0.before, $0.after) }
    }

    public static func == (a: Photos, b: Photos) -> Bool {
        if a.source === b.source {  // the first difference answers: no list of them all
            return Set(a.changes.keys).union(b.changes.keys).allSatisfy { a[$0] == b[$0] }
        }
        guard a.count == b.count else { return false }
        return a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
    }

    public init(from decoder: any Decoder) throws {
        self.init(try [PhotoID: Photo](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }).encode(to: encoder)
    }
}
