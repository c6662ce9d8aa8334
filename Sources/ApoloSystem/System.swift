import ApoloCore
#if canImport(Glibc)
    import Glibc
#endif

/// The POSIX helpers ApoloStore and ApoloMedia share: one copy of each, byte-exact with names (see `FileNames`).
/// Each reports failure as the system does (false, nil, errno); the caller words it in its own error type.
public enum System {
    /// The last system error in words, lowercased (`no space left on device`).
    public static var errorText: String { String(cString: strerror(errno)).lowercased() }

    /// The names in an open folder (not `.` and `..`), as the file system has them; the descriptor stays open.
    public static func entries(fd: Int32) -> [String]? {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else { return nil }
        defer { closedir(dir) }
        rewinddir(dir)
        return names(dir)
    }

    /// The names in a folder (not `.` and `..`), or nil when it cannot be opened.
    public static func entries(atPath folder: String) -> [String]? {
        guard let dir = opendir(FileNames.bytes(of: folder)) else { return nil }
        defer { closedir(dir) }
        return names(dir)
    }

    private static func names(_ dir: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { FileNames.string($0.prefix { $0 != 0 }) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Writes all of `bytes`, retrying short writes; false when a write fails (`errno` says why).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Creates a folder and its missing parents; the first folder that could not be made and why, or nil.
    public static func makeFolders(_ path: String) -> (folder: String, reason: String)? {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(FileNames.bytes(of: built), 0o755) != 0 && errno != EEXIST { return (built, errorText) }
        }
        return nil
    }
}
