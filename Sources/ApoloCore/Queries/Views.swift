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

    public init(position: Int, place: Place, photo: Photo) {
        self.position = position
        self.place = place.name
        self.id = photo.id
        self.file = photo.file
        self.path = photo.path
        self.captured = photo.captured ?? photo.modified
        self.rating = photo.rating
        self.tags = photo.tags
    }
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
    public func slideViews(_ place: Place) -> [SlideView] {
        slides(of: place).enumerated().compactMap { i, id in
            photos[id].map { SlideView(position: i + 1, place: place, photo: $0) }
        }
    }

    /// Shelves (or albums) with counts, in order.
    public func summaries(albums: Bool) -> [RowSummary] {
        (albums ? self.albums : shelves).enumerated().map { RowSummary(position: $0 + 1, name: $1.name, slides: $1.slides.count) }
    }

    /// Every tag in use, alphabetical (case-insensitive), with the number of photos carrying it.
    public var tagCounts: [TagCount] {
        var counts: [String: Int] = [:]
        for photo in photos.values {
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
