/// Photos stored in a project document, decoded only when read (ApoloStore provides one).
///
/// Ids are sorted by their UTF-8 bytes; `index(of:)` is a binary search. A source never changes after it is
/// made, so projects sharing one can be compared by their changes alone.
public protocol PhotoSource: AnyObject, Sendable {
    var count: Int { get }
    func id(at index: Int) -> PhotoID
    func index(of id: PhotoID) -> Int?
    /// The first index whose id is not below `id` in byte order.
    func lowerBound(_ id: PhotoID) -> Int
    func photo(at index: Int) -> Photo
    /// Several photos at once (a source may decode them in parallel).
    func photos(at indexes: [Int]) -> [Photo]
    /// Whether `keep` accepts each photo at `indexes` (a source may decode and test them in parallel).
    func select(_ indexes: [Int], where keep: @Sendable (Photo) -> Bool) -> [Bool]
    /// Indexes of the photos whose file name is `name`.
    func indexes(file name: String) -> [Int]
    /// The photo's `discarded` flag, without decoding the photo.
    func isDiscarded(at index: Int) -> Bool
    /// The photo's `sortTime`, without decoding the photo.
    func sortTime(at index: Int) -> Timestamp
    /// The photo's file name, without decoding the photo.
    func file(at index: Int) -> String
    /// The photo's capture time when it has one that reads, without decoding the photo.
    func captureTime(at index: Int) -> Timestamp?
    /// True when the photo has at least one tag, without decoding the photo.
    func isTagged(at index: Int) -> Bool
    /// The photo's rating, without decoding the photo.
    func rating(at index: Int) -> Int
    /// True when the photo is a RAW+JPEG pair, without decoding the photo.
    func isPaired(at index: Int) -> Bool
}

extension PhotoSource {
    public func photos(at indexes: [Int]) -> [Photo] { indexes.map(photo(at:)) }
    public func select(_ indexes: [Int], where keep: @Sendable (Photo) -> Bool) -> [Bool] {
        indexes.map { keep(photo(at: $0)) }
    }
    public func sortTime(at index: Int) -> Timestamp { photo(at: index).sortTime }
    public func file(at index: Int) -> String { photo(at: index).file }
    public func captureTime(at index: Int) -> Timestamp? { photo(at: index).captured.flatMap(Timestamp.init(iso:)) }
    public func isTagged(at index: Int) -> Bool { !photo(at: index).tags.isEmpty }
    public func rating(at index: Int) -> Int { photo(at: index).rating }
    public func isPaired(at index: Int) -> Bool { photo(at: index).pair != nil }
}

/// A project's photos by id: a dictionary whose entries stay undecoded in their source until read.
///
/// Iterates in byte order of ids. Changes made since loading are kept apart from the source, which lets a
/// save copy untouched photos as they were and lets a patch compare only what changed.
public struct Photos: Sendable {
    /// The loaded document's photos, if any.
    public private(set) var source: (any PhotoSource)?
    /// Photos set since loading, by id; a nil value removes a photo of the source.
    public private(set) var changes = PhotoChanges()
    /// How many photos there are, kept as photos are set: counting 50,000 changes took 20 ms a time.
    public private(set) var count: Int

    public init(source: (any PhotoSource)? = nil) {
        self.source = source
        count = source?.count ?? 0
    }

    public init(_ photos: [PhotoID: Photo]) {
        changes = PhotoChanges(photos)
        count = photos.count
    }

    /// Makes room for `more` photos set at once (an import): grown by doubling, the table of 200,000 would hold its
    /// old and its new room together, 300 MB.
    public mutating func reserve(_ more: Int) { changes.reserveCapacity(changes.count + Swift.max(0, more)) }

    private func sourceIndex(_ id: PhotoID) -> Int? { source?.index(of: id) }

    public subscript(id: PhotoID) -> Photo? {
        get {
            switch entry(id) {
            case nil: return nil
            case .changed(let photo): return photo
            case .stored(let index): return source?.photo(at: index)
            }
        }
        set {
            count += (newValue == nil ? 0 : 1) - (contains(id) ? 1 : 0)
            if newValue == nil, sourceIndex(id) == nil {
                changes.removeValue(forKey: id)
            } else {
                changes.updateValue(newValue, forKey: id)
            }
        }
    }

    public func contains(_ id: PhotoID) -> Bool {
        if let change = changes[id] { return change != nil }
        return sourceIndex(id) != nil
    }

    /// The photo's `discarded` flag (nil for an unknown id), decoding nothing when the photo is unchanged.
    public func isDiscarded(_ id: PhotoID) -> Bool? {
        switch entry(id) {
        case nil: return nil
        case .changed(let photo): return photo.discarded
        case .stored(let index): return source?.isDiscarded(at: index)
        }
    }

    /// The photo's rating and whether it has a tag (nil for an unknown id), decoding nothing when it is unchanged.
    public func ratingAndTagged(_ id: PhotoID) -> (rating: Int, tagged: Bool)? {
        switch entry(id) {
        case nil: return nil
        case .changed(let photo): return (photo.rating, !photo.tags.isEmpty)
        case .stored(let index): return source.map { ($0.rating(at: index), $0.isTagged(at: index)) }
        }
    }

    /// Where the photo of `id` is, found with one lookup (nil for an unknown id).
    public func entry(_ id: PhotoID) -> Entry? {
        if let change = changes[id] { return change.map(Entry.changed) }
        guard let source, let index = source.index(of: id) else { return nil }
        return .stored(index)
    }

    public var isEmpty: Bool { count == 0 }

    /// Every id, in byte order.
    public var keys: [PhotoID] {
        var ids: [PhotoID] = []
        ids.reserveCapacity(source?.count ?? changes.count)
        forEachEntry { id, _ in ids.append(id) }
        return ids
    }

    /// Every photo, in id order (decodes them all).
    public var values: [Photo] { map(\.value) }

    /// Where an entry's photo is: still in the source (by index) or changed since loading.
    public enum Entry {
        case stored(Int)
        case changed(Photo)
    }

    /// Every photo in id byte order, without decoding stored ones.
    public func forEachEntry(_ body: (PhotoID, Entry) throws -> Void) rethrows {
        let entries = self.entries()
        while let (id, entry) = entries.next() { try body(id, entry) }
    }

    /// Byte order of UTF-8, the order of the document's keys.
    public static func byteOrder(_ a: PhotoID, _ b: PhotoID) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
}
