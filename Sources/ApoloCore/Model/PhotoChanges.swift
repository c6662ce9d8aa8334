/// Photos set since a project was loaded, by id; a nil photo removes the stored photo of its id. Read like the
/// dictionary `[PhotoID: Photo?]` it replaces.
///
/// Each photo sits in a box of its own. A dictionary keeps its room a power of two with a quarter of it free, so
/// 200,000 photos held inline took 524,288 slots of 392 bytes (205 MB) during an import; boxed, a slot takes
/// 24 bytes and each box about the photo's own size (about 95 MB in all). A box never changes: setting a photo
/// puts a new box in its place, so a copy of the changes is a value like any other.
public struct PhotoChanges: Sendable, Sequence {
    /// One photo set (nil: removed), never changed once made.
    public final class Box: Sendable {
        public let photo: Photo?
        init(_ photo: Photo?) { self.photo = photo }
    }

    private var boxes: [PhotoID: Box] = [:]

    public init() {}

    public init(_ photos: [PhotoID: Photo]) {
        boxes.reserveCapacity(photos.count)
        for (id, photo) in photos { boxes[id] = Box(photo) }
    }

    public var count: Int { boxes.count }
    public var isEmpty: Bool { boxes.isEmpty }
    /// The ids changed, in no order.
    public var keys: Dictionary<PhotoID, Box>.Keys { boxes.keys }
    /// The photos set (nil for a removal), in no order.
    public var values: LazyMapSequence<Dictionary<PhotoID, Box>.Values, Photo?> { boxes.values.lazy.map(\.photo) }

    /// The change of `id`: nil when it is unchanged, `.some(nil)` when it is removed.
    public subscript(id: PhotoID) -> Photo?? { boxes[id].map { $0.photo } }

    /// The box of `id`'s change, to share rather than copy (a patch holds the photos an import set).
    func box(_ id: PhotoID) -> Box? { boxes[id] }

    mutating func updateValue(_ photo: Photo?, forKey id: PhotoID) { boxes[id] = Box(photo) }

    mutating func removeValue(forKey id: PhotoID) { boxes.removeValue(forKey: id) }

    mutating func reserveCapacity(_ count: Int) { boxes.reserveCapacity(count) }

    public func makeIterator() -> LazyMapSequence<[PhotoID: Box], (key: PhotoID, value: Photo?)>.Iterator {
        boxes.lazy.map { (key: $0.key, value: $0.value.photo) }.makeIterator()
    }
}
