/// A named, ordered list of slides: a shelf, or (locked) an album.
public struct SlideRow: Codable, Equatable, Sendable {
    public var name: String
    public var slides: [PhotoID]

    public init(name: String, slides: [PhotoID] = []) {
        self.name = name
        self.slides = slides
    }
}

/// The user's work: photos, shelves and albums. A pure value; ApoloStore saves it as JSON.
public struct Project: Codable, Equatable, Sendable {
    /// The `format` field every project document carries.
    public static let format = "apolo-project"
    /// The schema version this build writes and reads. 2 added RAW+JPEG pairs (`pair` on a photo); 3 added
    /// colour labels (`label` on a photo, see `migrateLabelTags`) and the user's stack choices (`stacks`); 4 added
    /// shares (`shares`); 5 added people (`people`). Older documents load and are written in this version on their
    /// next save.
    public static let version = 5

    public var format: String
    public var version: Int
    public var name: String
    public var photos: Photos
    public var shelves: [SlideRow]
    public var albums: [SlideRow]
    /// Which saved state this is: a new random value on every save, restored by undo and redo; the undo history
    /// names the revisions its steps join, so it always matches its document (nil before revisions existed).
    public var revision: String?
    /// The user's splits and merges of stacks (nil when there are none).
    public var stacks: StackChoices?
    /// Links made for clients to pick from (nil when there are none).
    public var shares: [Share]?
    /// Who is in which photo: faces grouped into people, named by the photographer (nil when there are none).
    public var people: People?

    /// The user's stack choices (empty when none).
    public var stacking: StackChoices {
        get { stacks ?? StackChoices() }
        set { stacks = newValue.isEmpty ? nil : newValue }
    }

    public init(name: String, photos: [PhotoID: Photo] = [:], shelves: [SlideRow] = [], albums: [SlideRow] = []) {
        self.format = Project.format
        self.version = Project.version
        self.name = name
        self.photos = Photos(photos)
        self.shelves = shelves
        self.albums = albums
    }

    /// Letters, digits and ':', at most 80 bytes (revisions are written into the history's hint file).
    public static func isValidRevision(_ revision: String) -> Bool {
        revision.utf8.count <= 80 && revision.utf8.allSatisfy { (48...58).contains($0) || (97...122).contains($0) }
    }

    /// Index of the shelf with this name (case-insensitive), if any.
    public func shelfIndex(_ name: String) -> Int? {
        let key = name.foldKey
        return shelves.firstIndex { $0.name.foldKey == key }
    }

    /// Index of the album with this name (case-insensitive), if any.
    public func albumIndex(_ name: String) -> Int? {
        let key = name.foldKey
        return albums.firstIndex { $0.name.foldKey == key }
    }

    public func album(named name: String) -> SlideRow? { albumIndex(name).map { albums[$0] } }

    /// Index of a shelf, or a message listing the shelves.
    public func requireShelf(_ name: String) throws -> Int {
        guard let index = shelfIndex(name) else { throw CoreError.noShelf(name, in: self) }
        return index
    }

    /// Index of an album, or a message listing the albums.
    public func requireAlbum(_ name: String) throws -> Int {
        guard let index = albumIndex(name) else { throw CoreError.noAlbum(name, in: self) }
        return index
    }

    /// Throws when a shelf or album already uses this name: both share one namespace so `NAME:N` is never ambiguous.
    public func requireFreeName(_ name: String) throws {
        if let i = shelfIndex(name) { throw CoreError(.conflict, said: Said("name.takenShelf", "\(shelves[i].name)")) }
        if let i = albumIndex(name) { throw CoreError(.conflict, said: Said("name.takenAlbum", "\(albums[i].name)")) }
    }

    /// Ids of every photo on a shelf or in an album.
    public var placedIDs: Set<PhotoID> {
        var ids = Set<PhotoID>()
        for row in shelves { ids.formUnion(row.slides) }
        for row in albums { ids.formUnion(row.slides) }
        return ids
    }

    /// The table: photos on no shelf, in no album and not discarded, in capture order.
    public var table: [Photo] { tableUnsorted.sortedForTable() }

    /// The table's photos in id order (`tableOrder()` gives their table order).
    public var tableUnsorted: [Photo] {
        photos.select(discarded: false, excluding: placedIDs)
    }

    /// Discarded photos, in capture order.
    public var discarded: [Photo] {
        photos.select(discarded: true).sortedForTable()
    }
}
