import ApoloCore
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Reading files that come from outside (documents, history, hints, manifests): only regular files, never
/// blocking on a FIFO or a device, never more than a stated number of bytes.
public enum SafeFile {
    /// A read-only descriptor and its size, or nil when the file does not exist.
    public static func open(_ path: String, noFollow: Bool = false) throws -> (fd: Int32, size: Int)? {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), noFollow ? O_NOFOLLOW : 0, &size, &kind)
        if fd == -2 {
            throw StoreError.io(
                path: path,
                problem:
                    """
                    it is \(String(cString: apolo_file_kind(kind))), not a regular file; apolo reads only regular \
                    files
                    """
            )
        }
        if fd < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP {
                throw StoreError.io(path: path, problem: "it is a symbolic link; apolo does not follow links here")
            }
            throw StoreError.io(path: path, problem: "cannot open: \(errnoText())")
        }
        return (fd, Int(size))
    }

    /// The whole file, or nil when it does not exist; refuses one larger than `limit` bytes.
    public static func read(_ path: String, limit: Int, noFollow: Bool = false) throws -> [UInt8]? {
        guard let (fd, size) = try open(path, noFollow: noFollow) else { return nil }
        defer { close(fd) }
        guard size <= limit else {
            throw StoreError.io(path: path, problem: "it is \(size) bytes; apolo reads at most \(limit) bytes here")
        }
        return try AtomicFile.read(fd: fd, size: size, limit: limit, path: path)
    }
}
