/// `Photos` as a value: a sequence of (key, value) pairs like a dictionary, equatable and codable as one.
extension Photos: Sequence, Equatable, Codable, ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (PhotoID, Photo)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Pairs in id byte order; stored photos are decoded as the iteration reaches them, one at a time (a loop over
    /// 200,000 photos holds one, not all).
    public func makeIterator() -> AnyIterator<(key: PhotoID, value: Photo)> {
        let entries = self.entries(), source = source
        return AnyIterator {
            while let (id, entry) = entries.next() {
                switch entry {
                case .stored(let index): if let source { return (id, source.photo(at: index)) }
                case .changed(let photo): return (id, photo)
                }
            }
            return nil
        }
    }

    /// The entries in id byte order, one at a time: the stored ones merged with the changes (a change replaces or
    /// removes the stored photo of its id, or adds one).
    func entries() -> AnyIterator<(PhotoID, Entry)> {
        let changed = changes.keys.sorted(by: Photos.byteOrder), changes = changes, source = source
        let total = source?.count ?? 0
        var s = 0, c = 0
        return AnyIterator {
            while s < total || c < changed.count {
                let stored = s < total ? source?.id(at: s) : nil
                if let stored, c == changed.count || Photos.byteOrder(stored, changed[c]) {
                    s += 1
                    return (stored, .stored(s - 1))
                }
                if stored == changed[c] { s += 1 }
                c += 1
                if case let photo?? = changes[changed[c - 1]] { return (changed[c - 1], .changed(photo)) }
            }
            return nil
        }
    }

    /// Each id whose photo differs between the two, in id order, made into what `change` makes of it (the id and
    /// each side's photo in a box, nil = absent: a changed photo's own box, shared), in one array: an import of
    /// 200,000 photos makes 200,000 of them. When both come from the same source only the changed ids are compared.
    public func differences<Change>(
        from old: Photos, _ change: (PhotoID, PhotoChanges.Box?, PhotoChanges.Box?) -> Change
    ) -> [Change] {
        let ids =
            source === old.source
            ? Set(changes.keys).union(old.changes.keys) : Set(map(\.key)).union(old.map(\.key))
        var found: [Change] = []
        found.reserveCapacity(ids.count)
        for id in ids.sorted(by: Photos.byteOrder) {
            let before = old.boxed(id), after = boxed(id)
            if before?.photo != after?.photo { found.append(change(id, before, after)) }
        }
        return found
    }

    /// The photo of `id` in a box (its change's own box when it was set since loading); nil when it is absent.
    func boxed(_ id: PhotoID) -> PhotoChanges.Box? {
        if let box = changes.box(id) { return box.photo == nil ? nil : box }
        return source.flatMap { source in source.index(of: id).map { PhotoChanges.Box(source.photo(at: $0)) } }
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
