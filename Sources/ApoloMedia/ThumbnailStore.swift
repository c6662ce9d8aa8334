import ApoloCore
#if canImport(Glibc)
    import Glibc
#endif

/// Thumbnails in the cache folder, keyed by content hash: `thumbs/ab/abcdef….jpg`, 256 px on the longer side.
/// Derived data: deleting the folder loses nothing that cannot be made again. Every file is reached through
/// `CacheDirectory` (no link followed).
public struct ThumbnailStore: Sendable {
    public static let size = 256
    /// The cache folder (`thumbs` is inside it).
    public let cache: String

    public init(cache: String) { self.cache = cache }

    /// Where the thumbnail of a photo id lives (ids are checked before they name a file).
    public func path(for id: PhotoID) -> String { cache + "/thumbs/" + id.prefix(2) + "/" + id + ".jpg" }

    private func folder(_ id: PhotoID) throws(MediaError) -> CacheDirectory {
        guard Photo.isValidID(id) else { throw MediaError.cache("'\(id.escaped)' is not a photo id") }
        return try CacheDirectory(cache: cache, ["thumbs", String(id.prefix(2))])
    }

    public func has(_ id: PhotoID) -> Bool { (try? folder(id).has(id + ".jpg")) ?? false }

    /// The cached thumbnail's bytes, or nil when there is none (or the entry was no regular file).
    public func read(_ id: PhotoID) -> [UInt8]? { try? folder(id).read(id + ".jpg") }

    /// Makes (or remakes) the thumbnail of `original`; returns its path, its bytes and what it was made from.
    /// Written under a temp name and renamed, and only when libvips decoded the whole file: a failure leaves
    /// nothing behind.
    @discardableResult
    public func make(from original: String, id: PhotoID) throws(MediaError) -> (
        path: String, bytes: [UInt8],
        source: Vips.Source
    ) {
        let directory = try folder(id)
        let rendered = try Vips.render(original, size: Self.size, suffix: ".jpg[Q=82,strip]")
        try directory.write(rendered.bytes, as: id + ".jpg")
        return (path(for: id), rendered.bytes, rendered.source)
    }

    /// Removes the temp files that processes which have ended (a killed import) left in `thumbs/` and `previews/`.
    public func removeStaleTemps() {
        guard let thumbs = try? CacheDirectory(cache: cache, ["thumbs"]) else { return }
        for folder in thumbs.names() where folder.utf8.count == 2 {
            (try? CacheDirectory(cache: cache, ["thumbs", folder]))?.removeStaleTemps()
        }
        (try? CacheDirectory(cache: cache, ["previews"]))?.removeStaleTemps()
    }

    /// The cached thumbnail, made first when missing.
    public func picture(of original: String, id: PhotoID) throws(MediaError) -> [UInt8] {
        if let bytes = read(id) { return bytes }
        return try make(from: original, id: id).bytes
    }
}

/// Upright previews in the cache (`previews/ID-SIZE.jpg`), made on demand; derived data like thumbnails.
public struct PreviewStore: Sendable {
    /// The cache folder (`previews` is inside it).
    public let cache: String

    public init(cache: String) { self.cache = cache }

    /// The preview of a photo at `size` pixels, made when missing; an original that is missing or that libvips
    /// cannot decode is an error, and nothing is cached for it.
    /// `check(path, id)` is asked before a file is decoded: it throws when the file is not that photo. `bare`: without
    /// the original's metadata (EXIF, GPS, XMP, IPTC; what a client is shown), kept apart as `ID-SIZE-bare.jpg`.
    public func preview(
        of photo: Photo, size: Int, bare: Bool = false,
        check: (String, PhotoID) throws -> Void = { _, _ in }
    ) throws -> (path: String, bytes: [UInt8]) {
        guard Photo.isValidID(photo.id) else { throw MediaError.cache("'\(photo.id.escaped)' is not a photo id") }
        let directory = try CacheDirectory(cache: cache, ["previews"])
        let name = "\(photo.id)-\(size)\(bare ? "-bare" : "").jpg", path = directory.path + "/" + name
        if let bytes = directory.read(name) { return (path, bytes) }
        // a pair's JPEG, when present
        let source = photo.pair.map { POSIX.regularProblem($0.path) == nil ? $0.path : photo.path } ?? photo.path
        if let problem = POSIX.regularProblem(source) {
            throw CoreError(
                .notFound, "the original of '\(photo.file.escaped)' cannot be read (\(source.escaped): \(problem))")
        }
        try check(source, source == photo.path ? photo.id : photo.pair?.id ?? photo.id)
        let bytes: [UInt8]
        let suffix = bare ? ".jpg[Q=90,strip]" : ".jpg[Q=90]"
        do { bytes = try Vips.render(source, size: size, suffix: suffix).bytes } catch {
            throw CoreError(.invalid, "cannot make a preview of '\(photo.file.escaped)': \(error)")
        }
        try directory.write(bytes, as: name)
        return (path, bytes)
    }
}
