/// A slide as listings show it; also its `--json` form (keys documented in the README).
public struct SlideView: Codable, Equatable, Sendable {
    public let position: Int
    public let place: String
    public let id: PhotoID
    public let file: String
    public let path: String
    public let captured: String
    public let rating: Int
    public let tags: [String]
    /// True when `captured` is the file's time (the file records no capture time); absent otherwise.
    public let fileTime: Bool?

    public init(position: Int, place: Place, photo: Photo) {
        self.position = position
        self.place = place.name
        self.id = photo.id
        self.file = photo.file
        self.path = photo.path
        self.captured = photo.captured ?? photo.modified
        self.fileTime = photo.captured == nil ? true : nil
        self.rating = photo.rating
        self.tags = photo.tags
    }
}

/// The slides of one place, made into views as they are read (a table of 50,000 makes no array of views).
public struct SlideList: RandomAccessCollection, Encodable, Sendable {
    public let place: Place
    private let photos: [Photo]
    private let order: [Int]

    /// Photos already in slide order.
    public init(place: Place, photos: [Photo]) {
        self.place = place
        self.photos = photos
        order = Array(photos.indices)
    }

    /// Photos put in table order.
    public init(place: Place, sorting photos: [Photo]) {
        self.place = place
        self.photos = photos
        order = photos.tableOrder()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }
    public subscript(position: Int) -> SlideView { SlideView(position: position + 1, place: place, photo: photos[order[position]]) }

    public func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }
}

/// A shelf or album in a list.
public struct RowSummary: Codable, Equatable, Sendable {
    public let position: Int
    public let name: String
    public let slides: Int
}

/// A tag and how many photos carry it.
public struct TagCount: Codable, Equatable, Sendable {
    public let tag: String
    public let count: Int
}

/// Everything `slide show` says about a photo.
public struct PhotoDetail: Codable, Equatable, Sendable {
    public let photo: Photo
    public let places: [String]
}

extension Project {
    /// The slides of a place as views, in order.
    public func slideViews(_ place: Place) -> SlideList {
        switch place {
        case .table: return SlideList(place: place, sorting: tableUnsorted)
        case .discarded: return SlideList(place: place, sorting: photos.select(discarded: true))
        case .shelf, .album: return SlideList(place: place, photos: slides(of: place).compactMap { photos[$0] })
        }
    }

    /// Shelves (or albums) with counts, in order.
    public func summaries(albums: Bool) -> [RowSummary] {
        (albums ? self.albums : shelves).enumerated().map { RowSummary(position: $0 + 1, name: $1.name, slides: $1.slides.count) }
    }

    /// Every tag in use, alphabetical (case-insensitive), with the number of photos carrying it.
    public var tagCounts: [TagCount] {
        var counts: [String: Int] = [:]
        for photo in photos.tagged() {
            for tag in Set(photo.tags.map(\.foldKey)) { counts[tag, default: 0] += 1 }
        }
        let spelling = tagSpellings
        return counts.map { TagCount(tag: spelling[$0.key] ?? $0.key, count: $0.value) }
            .sorted { ($0.tag.foldKey, $0.tag) < ($1.tag.foldKey, $1.tag) }
    }

    /// The details of the photo a reference names.
    public func detail(_ ref: SlideRef) throws -> PhotoDetail {
        let id = try resolvePhoto(ref)
        guard let photo = photos[id] else { throw CoreError(.notFound, "no photo \(id)") }
        return PhotoDetail(photo: photo, places: locations(of: id).map(\.description))
    }
}
