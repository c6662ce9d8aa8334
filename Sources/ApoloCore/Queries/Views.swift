/// A slide as listings show it; also its `--json` form (keys documented in docs/reference.md).
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
    /// The colour label; absent when none.
    public var label: ColourLabel?
    /// The stack's id, shared by its photos; absent for a photo in no stack.
    public var stack: String?
    /// True on the suggested frame of a stack; absent otherwise.
    public var best: Bool?
    /// 0 (all blur) to 1 (crisp), and whether the photo is judged soft; absent until measured.
    public var sharpness: Double?
    public var blurry: Bool?
    /// The focus judged: `sharp`, `soft` or `unsure` (can't tell), and why in words; absent until measured.
    public var focus: FocusCall.Verdict?
    public var focusWhy: String?
    /// Shares of blown highlights and crushed shadows, and whether the exposure lost detail (with what it lost).
    public var clipped: Clipping?
    /// The faces found: `[]` when none, absent until looked for.
    public var faces: [FaceView]?
    /// Why the stack's suggested frame was suggested (on that frame only).
    public var why: String?
    /// The IPTC fields set (title, caption, creator …); absent when none is.
    public var meta: [String: String]?

    /// A face as `--json` shows it: its box in shares of the photo as shown, its sharpness, its eyes.
    public struct FaceView: Codable, Equatable, Sendable {
        public let box: [Double]
        public let sharpness: Double
        public let eyes: Eyes
    }

    /// Clipped shares as `--json` shows them.
    public struct Clipping: Codable, Equatable, Sendable {
        public let highlights: Double
        public let shadows: Double
        public let flagged: Bool
        public var why: String?
    }

    public init(position: Int, place: Place, photo: Photo, analysis: Analysis? = nil) {
        self.position = position
        self.place = place.name
        self.id = photo.id
        self.file = photo.file
        self.path = photo.path
        self.captured = photo.captured ?? photo.modified
        self.fileTime = photo.captured == nil ? true : nil
        self.rating = photo.rating
        self.tags = photo.tags
        self.label = photo.label
        self.meta = photo.meta
        guard let analysis else { return }
        stack = analysis.stacks.stackOf[photo.id]
        best = analysis.stacks.isBest(photo.id) ? true : nil
        if let signals = analysis.signals[photo.id] {
            sharpness = signals.sharpness
            let call = analysis.focus(of: photo.id)
            (blurry, focus, focusWhy) = (call?.soft ?? false, call?.verdict, call?.why.text())
            let lost = signals.exposureLost
            clipped = Clipping(
                highlights: Self.share(signals.highlights), shadows: Self.share(signals.shadows),
                flagged: lost != nil, why: lost?.text())
        }
        faces = analysis.faces(of: photo.id)?.map {
            FaceView(box: $0.face.box, sharpness: $0.face.sharpness, eyes: $0.eyes)
        }
        if best == true, let stack { why = analysis.stacks.why[stack] }
    }

    /// A share rounded to 4 decimals (0.0123 = 1.23%).
    static func share(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
}

/// The slides of one place, made into views as they are read (a table of 50,000 makes no array of views).
public struct SlideList: RandomAccessCollection, Encodable, Sendable {
    public let place: Place
    private let photos: [Photo]
    private let order: [Int]
    /// What was measured of the photos (their `--json` carries it).
    public var analysis: Analysis?

    /// Photos already in slide order.
    public init(place: Place, photos: [Photo], analysis: Analysis? = nil) {
        self.place = place
        self.photos = photos
        order = Array(photos.indices)
        self.analysis = analysis
    }

    /// Photos put in table order.
    public init(place: Place, sorting photos: [Photo], analysis: Analysis? = nil) {
        self.place = place
        self.photos = photos
        order = photos.tableOrder()
        self.analysis = analysis
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }
    public subscript(position: Int) -> SlideView {
        SlideView(position: position + 1, place: place, photo: photos[order[position]], analysis: analysis)
    }

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
    public func slideViews(_ place: Place, analysis: Analysis? = nil) -> SlideList {
        switch place {
        case .table: return SlideList(place: place, sorting: tableUnsorted, analysis: analysis)
        case .discarded: return SlideList(place: place, sorting: photos.select(discarded: true), analysis: analysis)
        case .shelf, .album:
            return SlideList(place: place, photos: slides(of: place).compactMap { photos[$0] }, analysis: analysis)
        }
    }

    /// Shelves (or albums) with counts, in order.
    public func summaries(albums: Bool) -> [RowSummary] {
        (albums ? self.albums : shelves).enumerated().map {
            RowSummary(position: $0 + 1, name: $1.name, slides: $1.slides.count)
        }
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
