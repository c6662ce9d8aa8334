import ApoloCore
#if canImport(Glibc)
import Glibc
#endif

/// Thumbnails in the cache folder, keyed by content hash: `thumbs/ab/abcdef….jpg`, 256 px on the longer side.
/// Derived data: deleting the folder loses nothing that cannot be made again.
public struct ThumbnailStore: Sendable {
    public static let size = 256
    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// Where the thumbnail of a photo id lives (ids are checked before they name a file).
    public func path(for id: PhotoID) -> String { folder + "/" + id.prefix(2) + "/" + id + ".jpg" }

    public func has(_ id: PhotoID) -> Bool { access(path(for: id), R_OK) == 0 }

    /// Makes (or remakes) the thumbnail of `original`; returns its path and what it was made from. Written under
    /// a temp name and renamed, and only when libvips decoded the whole file: a failure leaves nothing behind.
    @discardableResult
    public func make(from original: String, id: PhotoID) throws(MediaError) -> (path: String, source: Vips.Source) {
        guard Photo.isValidID(id) else { throw MediaError.cache("'\(id.escaped)' is not a photo id") }
        let final = path(for: id)
        try POSIX.makeFolders(folder + "/" + id.prefix(2))
        let rendered = try Vips.render(original, size: Self.size, suffix: ".jpg[Q=82,strip]")
        try POSIX.writeAtomically(rendered.bytes, to: final)
        return (final, rendered.source)
    }
}

/// Upright previews in the cache (`previews/ID-SIZE.jpg`), made on demand; derived data like thumbnails.
public struct PreviewStore: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// The preview of a photo at `size` pixels, made when missing; an original that is missing or that libvips
    /// cannot decode is an error, and nothing is cached for it.
    public func preview(of photo: Photo, size: Int) throws -> String {
        guard Photo.isValidID(photo.id) else { throw MediaError.cache("'\(photo.id.escaped)' is not a photo id") }
        let path = folder + "/\(photo.id)-\(size).jpg"
        if access(FileNames.bytes(of: path), R_OK) == 0 { return path }
        let source = photo.pair.map { POSIX.regularProblem($0.path) == nil ? $0.path : photo.path } ?? photo.path   // a pair's JPEG, when present
        if let problem = POSIX.regularProblem(source) {
            throw CoreError(.notFound, "the original of '\(photo.file.escaped)' cannot be read (\(source.escaped): \(problem))")
        }
        try POSIX.makeFolders(folder)
        let bytes: [UInt8]
        do { bytes = try Vips.render(source, size: size, suffix: ".jpg[Q=90]").bytes } catch {
            throw CoreError(.invalid, "cannot make a preview of '\(photo.file.escaped)': \(error)")
        }
        try POSIX.writeAtomically(bytes, to: path)
        return path
    }
}
