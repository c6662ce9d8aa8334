/// Questions commands ask of many photos at once, answered from the stored document's index where it can.
extension Photos {
    /// Ids starting with `prefix`.
    public func keys(withPrefix prefix: String) -> [PhotoID] {
        var found = changes.compactMap { $0.value != nil && $0.key.hasPrefix(prefix) ? $0.key : nil }
        if let source {
            var i = source.lowerBound(prefix)
            while i < source.count, case let id = source.id(at: i), id.hasPrefix(prefix) {
                if changes[id] == nil { found.append(id) }
                i += 1
            }
        }
        return found.sorted(by: Photos.byteOrder)
    }

    /// Photos whose file name is `name`.
    public func named(_ name: String) -> [Photo] {
        var found: [Photo] = []
        for case let photo? in changes.values where photo.file == name { found.append(photo) }
        if let source {
            for i in source.indexes(file: name) where changes[source.id(at: i)] == nil {
                found.append(source.photo(at: i))
            }
        }
        return found.sorted { Photos.byteOrder($0.id, $1.id) }
    }

    /// The photos whose `discarded` flag is `discarded`, except those in `excluding`, in no particular order.
    /// Stored photos are picked by index (no id is made) and only the picked ones are decoded.
    public func select(discarded: Bool, excluding: Set<PhotoID> = []) -> [Photo] {
        let (changed, stored) = pick(discarded: discarded, excluding: excluding)
        guard let source, !stored.isEmpty else { return changed }
        return changed.isEmpty ? source.photos(at: stored) : changed + source.photos(at: stored)
    }

    /// How many photos `select` picks, decoding none.
    public func count(discarded: Bool, excluding: Set<PhotoID> = []) -> Int {
        let (changed, stored) = pick(discarded: discarded, excluding: excluding)
        return changed.count + stored.count
    }

    /// The ids `select` picks, in table order (capture time, then file name, then id), decoding no stored photo;
    /// `discarded: nil` takes both, as the light table shows them (a reject keeps its place among the others).
    public func tableOrder(discarded: Bool?, excluding: Set<PhotoID> = []) -> [PhotoID] {
        let (changed, keys) = tableKeys(discarded: discarded, excluding: excluding)
        return keys.map { id($0.index, in: changed) }
    }

    /// `tableOrder` as slots, making no id: the changed photos it holds and, in order, a stored photo's index
    /// (≥ 0) or -1 - a changed photo's position in the first array.
    public func tableSlots(discarded: Bool, excluding: Set<PhotoID> = []) -> (changed: [Photo], order: [Int]) {
        let (changed, keys) = tableKeys(discarded: discarded, excluding: excluding)
        return (changed, keys.map(\.index))
    }

    /// How many photos `tableOrder` gives, and the id at 1-based `position` of it (nil when out of range).
    public func tableSlot(_ position: Int, discarded: Bool, excluding: Set<PhotoID> = []) -> (count: Int, id: PhotoID?)
    {
        let (changed, keys) = tableKeys(discarded: discarded, excluding: excluding)
        guard keys.indices.contains(position - 1) else { return (keys.count, nil) }
        return (keys.count, id(keys[position - 1].index, in: changed))
    }

    /// The 1-based position of `id` in `tableOrder`, if it is there.
    public func tablePosition(of id: PhotoID, discarded: Bool, excluding: Set<PhotoID> = []) -> Int? {
        let (changed, keys) = tableKeys(discarded: discarded, excluding: excluding)
        let wanted =
            changed.firstIndex { $0.id == id }.map { -1 - $0 } ?? (changes[id] == nil ? source?.index(of: id) : nil)
        return wanted.flatMap { wanted in keys.firstIndex { $0.index == wanted } }.map { $0 + 1 }
    }

    /// The photos of `tableOrder` as changed photos and sort keys whose index is a stored photo's, or -1 - the
    /// changed photo's.
    private func tableKeys(discarded: Bool?, excluding: Set<PhotoID>) -> ([Photo], [(time: Timestamp, index: Int)]) {
        let (changed, stored) = pick(discarded: discarded, excluding: excluding)
        var keys = changed.indices.map { (time: changed[$0].sortTime, index: -1 - $0) }
        if let source { keys += stored.map { (time: source.sortTime(at: $0), index: $0) } }
        sortForTable(&keys, changed)
        return (changed, keys)
    }

    /// Sorts keys (see `tableKeys`) by time, equal times by file name, then id.
    func sortForTable(_ keys: inout [(time: Timestamp, index: Int)], _ changed: [Photo]) {
        keys.sort { $0.time < $1.time }
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].time == keys[start].time { end += 1 }
            if end - start > 1 {
                let tied = keys[start..<end].map {
                    (file: file($0.index, in: changed), id: id($0.index, in: changed), key: $0)
                }
                keys.replaceSubrange(start..<end, with: tied.sorted { ($0.file, $0.id) < ($1.file, $1.id) }.map(\.key))
            }
            start = end
        }
    }

    /// The id behind a `tableKeys` index: a stored photo's (≥ 0) or a changed one's (< 0).
    func id(_ index: Int, in changed: [Photo]) -> PhotoID {
        guard index >= 0, let source else { return changed[-1 - index].id }
        return source.id(at: index)
    }

    /// The file name behind a `tableKeys` index.
    private func file(_ index: Int, in changed: [Photo]) -> String {
        guard index >= 0, let source else { return changed[-1 - index].file }
        return source.file(at: index)
    }

    /// Photos with at least one tag, in no particular order, decoding only those.
    public func tagged() -> [Photo] { decoded(where: { !$0.tags.isEmpty }, stored: { $0.isTagged(at: $1) }) }

    /// RAW+JPEG pairs, in no particular order, decoding only those.
    public func paired() -> [Photo] { decoded(where: { $0.pair != nil }, stored: { $0.isPaired(at: $1) }) }

    /// The photos `test` accepts, decoding only stored ones whose index flags say `stored`.
    private func decoded(where test: (Photo) -> Bool, stored: (any PhotoSource, Int) -> Bool) -> [Photo] {
        var changed: [Photo] = []
        for case let photo? in changes.values where test(photo) { changed.append(photo) }
        guard let source else { return changed }
        var skip = [Bool](repeating: false, count: source.count)
        for id in changes.keys { if let i = source.index(of: id) { skip[i] = true } }
        return changed + source.photos(at: skip.indices.filter { !skip[$0] && stored(source, $0) })
    }

    /// Changed photos and indexes of stored ones with this `discarded` flag (nil: either), except those in
    /// `excluding`.
    func pick(discarded: Bool?, excluding: Set<PhotoID>) -> ([Photo], [Int]) {
        let wanted = { (flag: Bool) in discarded.map { $0 == flag } ?? true }
        let changed = changes.compactMap { id, photo in
            photo.flatMap { wanted($0.discarded) && !excluding.contains(id) ? $0 : nil }
        }
        guard let source else { return (changed, []) }
        var skip = [Bool](repeating: false, count: source.count)
        for id in excluding { if let i = source.index(of: id) { skip[i] = true } }
        for id in changes.keys { if let i = source.index(of: id) { skip[i] = true } }
        guard discarded != nil else { return (changed, skip.indices.filter { !skip[$0] }) }
        return (changed, skip.indices.filter { !skip[$0] && wanted(source.isDiscarded(at: $0)) })
    }
}
