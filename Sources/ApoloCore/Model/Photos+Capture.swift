/// The photos in capture order, for what looks at the shoot as a sequence (bursts): ids and times only, read from
/// the stored document's index, so that a project of 200,000 photos is not decoded to find its stacks.
extension Photos {
    /// The photos that are not discarded and have a capture time, in table order: their times, and each one's id
    /// made only when asked for (`CaptureOrder.id`): at 200,000 photos the ids' strings take 22 MB, and finding
    /// stacks needs only those of photos taken close together.
    public func captureRefs() -> CaptureOrder {
        let (changed, stored) = pick(discarded: false, excluding: [])
        var keys: [(time: Timestamp, index: Int)] = changed.indices.compactMap { i in
            changed[i].captured.flatMap(Timestamp.init(iso:)).map { (time: $0, index: -1 - i) }
        }
        if let source {
            keys.reserveCapacity(keys.count + stored.count)
            for i in stored { if let time = source.captureTime(at: i) { keys.append((time: time, index: i)) } }
        }
        sortForTable(&keys, changed)
        return CaptureOrder(times: keys.map(\.time), refs: keys.map(\.index), changed: changed, photos: self)
    }

    /// The photos (not discarded) taken within `seconds` of another: the only ones whose looks a stack compares,
    /// so the rest need not be read (200,000 photos' looks are about 90 MB). `order`: the capture order when the
    /// caller holds it already (its stacks need it too).
    public func takenNear(within seconds: Double, in order: CaptureOrder? = nil) -> Set<PhotoID> {
        let order = order ?? captureRefs()
        var near = Set<PhotoID>(), last = -1  // the last index inserted: each id is made once
        for i in order.times.indices.dropFirst() where order.times[i].seconds(since: order.times[i - 1]) <= seconds {
            if last != i - 1 { near.insert(order.id(i - 1)) }
            near.insert(order.id(i))
            last = i
        }
        return near
    }
}

/// Photos in capture order: their times, and each one's id on demand.
public struct CaptureOrder: Sendable {
    public let times: [Timestamp]
    let refs: [Int]
    let changed: [Photo]
    let photos: Photos

    /// The id of the `i`th photo in capture order.
    public func id(_ i: Int) -> PhotoID { photos.id(refs[i], in: changed) }
}
