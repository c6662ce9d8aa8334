/// A photo's identity: the lowercase hex SHA-256 of its bytes.
public typealias PhotoID = String

extension Photo {
    /// True for exactly 64 lowercase hex digits: ids name cache files, so nothing else is accepted from outside.
    public static func isValidID<S: StringProtocol>(_ id: S) -> Bool {
        id.utf8.count == 64 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The same check on bytes in memory.
    public static func isValidID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 64 && bytes.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// An imported file: identified by its content hash, with the facts read at import and the user's tags and rating.
public struct Photo: Codable, Equatable, Sendable {
    public var id: PhotoID
    /// The original's file name.
    public var file: String
    /// The original's absolute path at import. Never written to.
    public var path: String
    /// Size in bytes.
    public var bytes: Int
    /// The original's modification time at import, ISO 8601 UTC.
    public var modified: String
    /// EXIF capture time (DateTimeOriginal + SubSecTimeOriginal + OffsetTimeOriginal), ISO 8601; nil without EXIF date.
    public var captured: String?
    /// Image format found from the file's content: jpeg, png, tiff, webp, heic.
    public var format: String
    /// EXIF orientation 1–8 (1 = upright).
    public var orientation: Int
    public var make: String?
    public var model: String?
    /// Pixel size from the image header (before orientation).
    public var width: Int?
    public var height: Int?
    /// Tags in the order given; compared case-insensitively.
    public var tags: [String]
    /// 0 = unrated, 1–5 stars.
    public var rating: Int
    /// The colour label, if any.
    public var label: ColourLabel?
    /// Discarded from the table: hidden until restored.
    public var discarded: Bool
    /// Shooting facts, as shown: exposure time ("1/250", "2"), f-number ("2.8"), ISO, focal length in mm ("35"),
    /// lens model. Nil when the file does not say.
    public var exposure: String?
    public var aperture: String?
    public var iso: Int?
    public var focal: String?
    public var lens: String?
    /// The camera body's serial number (EXIF BodySerialNumber), when the file records it.
    public var serial: String?
    /// Seconds the capture time was moved by `time shift` (the camera's clock was wrong); nil when never.
    public var shifted: Int?
    /// IPTC fields by `MetaField` key (title, caption, creator, copyright, location …); nil when none is set.
    public var meta: [String: String]?
    /// The JPEG of a RAW+JPEG pair (same folder, same base name): the photo's quick preview; the raw is the master.
    public var pair: Pair?

    public init(
        id: PhotoID, file: String, path: String, bytes: Int, modified: String, captured: String? = nil,
        format: String = "jpeg", orientation: Int = 1, make: String? = nil, model: String? = nil,
        width: Int? = nil, height: Int? = nil, tags: [String] = [], rating: Int = 0, discarded: Bool = false
    ) {
        self.id = id
        self.file = file
        self.path = path
        self.bytes = bytes
        self.modified = modified
        self.captured = captured
        self.format = format
        self.orientation = orientation
        self.make = make
        self.model = model
        self.width = width
        self.height = height
        self.tags = tags
        self.rating = rating
        self.discarded = discarded
    }

    /// The first characters of the id, as shown to people.
    public var shortID: String { String(id.prefix(10)) }

    /// Camera as one string ("Canon Canon EOS 40D" reads badly: the make is dropped when the model repeats it, or
    /// repeats its first word, as "NIKON CORPORATION" + "NIKON D70" does).
    public var camera: String? {
        switch (make, model) {
        case let (make?, model?):
            let brand = make.split(separator: " ").first.map(String.init) ?? make
            return model.hasPrefixFolded(make) || model.hasPrefixFolded(brand + " ") ? model : "\(make) \(model)"
        case let (make?, nil): return make
        case let (nil, model?): return model
        case (nil, nil): return nil
        }
    }

    /// The time the table sorts by: capture time, else file modification time.
    public var sortTime: Timestamp {
        captured.flatMap(Timestamp.init(iso:)) ?? Timestamp(iso: modified) ?? Timestamp(seconds: 0, nanos: 0)
    }

    /// True when the photo carries this tag (case-insensitive).
    public func hasTag(_ tag: String) -> Bool {
        let key = tag.foldKey
        return tags.contains { $0.foldKey == key }
    }
}

extension Sequence where Element == Photo {
    /// Table order: capture time (with sub-seconds), then file name, then id; each time is parsed once.
    /// Sorts small (time, index) keys rather than whole photos, and compares names only on equal times.
    public func sortedForTable() -> [Photo] {
        let photos = Array(self)
        return photos.tableOrder().map { photos[$0] }
    }
}

extension Array where Element == Photo {
    /// Indexes of the photos in table order (see `sortedForTable`), leaving the photos where they are.
    public func tableOrder() -> [Int] {
        let keys = indices.map { (time: self[$0].sortTime, index: $0) }
        return keys.sorted { a, b in
            if a.time != b.time { return a.time < b.time }
            let fa = self[a.index].file, fb = self[b.index].file
            if fa != fb { return fa < fb }
            return self[a.index].id < self[b.index].id
        }.map(\.index)
    }
}
