import ApoloCore
import ApoloSystem
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// The file operations of a verified ingest: a card's file read once, each copy written under a hidden temporary
/// name, flushed, read back from the disk (its cached pages dropped first), and only then put in place under a
/// name that is never taken from another file.
public enum IngestFile {
    /// How a temporary copy's name ends; a leftover of a killed ingest is removed by the next one.
    public static let partSuffix = ".apolo-part"

    /// The SHA-256 of a copy as the disk holds it: its cached pages are dropped before it is read.
    public static func readBack(_ path: String) -> String? {
        let fd = open(FileNames.bytes(of: path), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        _ = apolo_drop_cached(fd)
        let hash = ContentHash.of(fd: fd, size: Int(info.st_size))
        _ = apolo_drop_cached(fd)
        return hash
    }

    /// Moves a verified temporary copy to `final` and flushes its folder; false (the copy left where it was) when
    /// `final` is taken.
    public static func place(_ temporary: String, at final: String) throws(IngestProblem) -> Bool {
        if apolo_rename_noreplace(FileNames.bytes(of: temporary), FileNames.bytes(of: final)) != 0 {
            if errno == EEXIST { return false }
            throw IngestProblem(final, "cannot name the copy")
        }
        let folder = String(final[..<(final.lastIndex(of: "/") ?? final.startIndex)])
        let fd = open(FileNames.bytes(of: folder.isEmpty ? "/" : folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
        return true
    }

    /// Removes a temporary copy.
    public static func discard(_ temporary: String) { unlink(FileNames.bytes(of: temporary)) }

    /// Creates `folder` and its missing parents.
    public static func makeFolders(_ folder: String) throws(IngestProblem) {
        if let (where_, reason) = System.makeFolders(folder) {
            throw IngestProblem(where_, problem: "cannot create the folder: \(reason)")
        }
    }

    /// The size and SHA-256 of an existing file (a copy checked later, or a name already taken).
    public static func sizeAndHash(_ path: String) -> (Int, String)? {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), O_NOFOLLOW, &size, &kind)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        _ = apolo_drop_cached(fd)
        return ContentHash.of(fd: fd, size: Int(size)).map { (Int(size), $0) }
    }

    /// Removes the temporary copies a killed ingest left in `folder`.
    public static func removeLeftovers(in folder: String) {
        for name in System.entries(atPath: folder) ?? [] where name.hasPrefix(".") && name.hasSuffix(partSuffix) {
            unlink(FileNames.bytes(of: folder + "/" + name))
        }
    }
}
