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
}
