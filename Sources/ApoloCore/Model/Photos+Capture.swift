/// The photos in capture order, for what looks at the shoot as a sequence (bursts): ids and times only, read from
/// the stored document's index, so that a project of 200,000 photos is not decoded to find its stacks.
extension Photos {
    /// The photos that are not discarded and have a capture time, as (id, time) in table order.
    public func captureOrder() -> [(id: PhotoID, time: Timestamp)] {
        let (changed, stored) = pick(discarded: false, excluding: [])
        var keys: [(time: Timestamp, index: Int)] = changed.indices.compactMap { i in
            changed[i].captured.flatMap(Timestamp.init(iso:)).map { (time: $0, index: -1 - i) }
        }
        if let source {
            keys.reserveCapacity(keys.count + stored.count)
            for i in stored { if let time = source.captureTime(at: i) { keys.append((time: time, index: i)) } }
        }
        sortForTable(&keys, changed)
        return keys.map { (id: id($0.index, in: changed), time: $0.time) }
    }

    /// The photos (not discarded) taken within `seconds` of another: the only ones whose looks a stack compares,
    /// so the rest need not be read (200,000 photos' looks are about 90 MB).
    public func takenNear(within seconds: Double) -> Set<PhotoID> {
        let order = captureOrder()
        var near = Set<PhotoID>()
        for i in order.indices.dropFirst() where order[i].time.seconds(since: order[i - 1].time) <= seconds {
            near.insert(order[i - 1].id)
            near.insert(order[i].id)
        }
        return near
    }
}
