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

    /// A card's file whole, and its modification time; never through a link.
    public static func read(_ path: String) throws(IngestProblem) -> (bytes: [UInt8], modified: timespec) {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), O_NOFOLLOW, &size, &kind)
        if fd == -2 {
            throw IngestProblem(path, problem: "it is \(String(cString: apolo_file_kind(kind))), not a file")
        }
        guard fd >= 0 else { throw IngestProblem(path, "cannot open it") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw IngestProblem(path, "cannot read it") }
        guard info.st_size <= PhotoReader.maxBytes else {
            throw IngestProblem(path, problem: "it is \(info.st_size) bytes; apolo ingests files of at most 2 GiB")
        }
        do {
            let bytes = try POSIX.readAll(fd, size: Int(info.st_size))
            guard bytes.count == Int(info.st_size) else {
                throw IngestProblem(path, problem: "it became shorter while it was read (a card pulled out?)")
            }
            return (bytes, info.st_mtim)
        } catch let failure as InspectFailure {
            throw IngestProblem(path, problem: failure.reason)
        } catch let problem as IngestProblem {
            throw problem
        } catch {
            throw IngestProblem(path, problem: "\(error)")
        }
    }

    /// Writes `bytes` to a new hidden file in `folder` with `modified` as its time, flushed to the disk; its path.
    public static func writeTemporary(_ bytes: [UInt8], in folder: String, named stem: String,
            modified: timespec) throws(IngestProblem) -> String {
        let path = folder + "/." + stem + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + partSuffix
        let fd = open(FileNames.bytes(of: path), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw IngestProblem(folder, "cannot write in it") }
        var ok = bytes.withUnsafeBytes { POSIX.writeAll(fd, $0) }
        var code = errno
        if ok {
            var times = [modified, modified]
            _ = futimens(fd, &times)
            ok = fsync(fd) == 0
            code = errno
        }
        close(fd)
        if !ok {
            unlink(FileNames.bytes(of: path))
            throw IngestProblem(folder, "cannot write a copy", code: code)
        }
        return path
    }

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
