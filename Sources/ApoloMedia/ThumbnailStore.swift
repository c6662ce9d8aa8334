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

    public func path(for id: PhotoID) -> String { folder + "/" + id.prefix(2) + "/" + id + ".jpg" }

    public func has(_ id: PhotoID) -> Bool { access(path(for: id), R_OK) == 0 }

    /// Makes (or remakes) the thumbnail of `original`; returns its path. Written to a temp name, then renamed.
    @discardableResult
    public func make(from original: String, id: PhotoID) throws(MediaError) -> String {
        let final = path(for: id)
        let shard = folder + "/" + id.prefix(2)
        for dir in [folder, shard] where mkdir(dir, 0o755) != 0 && errno != EEXIST {
            throw MediaError.cache("cannot create \(dir): \(String(cString: strerror(errno)))")
        }
        let image = try Vips.thumbnail(original, size: Self.size)
        let temp = shard + "/.tmp-\(getpid())-\(id.prefix(12)).jpg"
        try image.save(temp + "[Q=82,strip]")
        guard rename(temp, final) == 0 else {
            unlink(temp)
            throw MediaError.cache("cannot write \(final): \(String(cString: strerror(errno)))")
        }
        return final
    }
}
