import ApoloCore
import ApoloSystem
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin helpers over the POSIX calls ApoloMedia needs.
public enum POSIX {
    static var errorText: String { System.errorText }

    /// Names in a folder, sorted; nil when it cannot be opened.
    static func entries(_ folder: String) -> [String]? { System.entries(atPath: folder)?.sorted() }

    static func status(_ path: String, follow: Bool = true) -> stat? {
        var info = stat()
        let result: Int32 = follow ? stat(FileNames.bytes(of: path), &info) : lstat(FileNames.bytes(of: path), &info)
        return result == 0 ? info : nil
    }

    static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }
    static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
    static func isLink(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFLNK }

    /// The absolute, symlink-free form of a path (or the path made absolute when that fails).
    static func absolute(_ path: String) -> String {
        if let resolved = realpath(FileNames.bytes(of: path), nil) {
            defer { free(resolved) }
            return FileNames.string(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
        }
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    /// A read-only descriptor of a regular file (never blocking on a FIFO or a device), or why not.
    static func openRegular(_ path: String) throws(InspectFailure) -> Int32 {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), 0, &size, &kind)
        if fd == -2 { throw InspectFailure("it is \(String(cString: apolo_file_kind(kind))), not a regular file") }
        guard fd >= 0 else { throw InspectFailure("cannot open: \(errorText.lowercased())") }
        return fd
    }

    /// An original opened to hand to a decoder: read-only, never blocking on a FIFO or a device, never through a
    /// link at its last component (the document keeps the link-free path import resolved).
    static func openOriginal(_ path: String) throws(MediaError) -> Int32 {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), O_NOFOLLOW, &size, &kind)
        if fd == -2 { throw MediaError.refused("it is \(String(cString: apolo_file_kind(kind))), not a regular file") }
        if fd < 0, errno == ELOOP { throw MediaError.refused("it is now a symbolic link; apolo does not follow it") }
        guard fd >= 0 else { throw MediaError.refused("cannot open it: \(errorText.lowercased())") }
        return fd
    }

    /// A whole regular file of at most `limit` bytes (any file name, see `FileNames`), or why not.
    static func contents(_ path: String, limit: Int) throws(InspectFailure) -> [UInt8] {
        let fd = try openRegular(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InspectFailure("cannot stat: \(errorText.lowercased())") }
        guard Int(info.st_size) <= limit else {
            throw InspectFailure("it is \(info.st_size) bytes; the limit here is \(limit)")
        }
        return try readAll(fd, size: Int(info.st_size))
    }

    /// True when the file exists and can be read.
    static func readable(_ path: String) -> Bool { access(FileNames.bytes(of: path), R_OK) == 0 }

    /// Why a path is not a readable regular file ("no such file or directory", "it is a FIFO …"), or nil.
    static func regularProblem(_ path: String) -> String? {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), 0, &size, &kind)
        if fd >= 0 {
            close(fd)
            return nil
        }
        return fd == -2 ? "it is \(String(cString: apolo_file_kind(kind))), not a photo file" : errorText.lowercased()
    }

    /// The same, for front ends: why an original cannot be read now (nil when it can).
    public static func originalProblem(_ path: String) -> String? { regularProblem(path) }

    /// Creates a folder and its missing parents.
    static func makeFolders(_ path: String) throws(MediaError) {
        if let (folder, reason) = System.makeFolders(path) {
            throw MediaError.cache("cannot create \(folder.escaped): \(reason)")
        }
    }

    /// Writes all of `chunk`; false when a write fails (errno says why).
    static func writeAll(_ fd: Int32, _ chunk: UnsafeRawBufferPointer) -> Bool { System.writeAll(fd, chunk) }

    /// Reads a whole open file of known size.
    static func readAll(_ fd: Int32, size: Int) throws(InspectFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + offset }, size - offset) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw InspectFailure("cannot read: \(errorText)") }
            if n == 0 { break }
            offset += n
        }
        return offset == size ? bytes : Array(bytes[0..<offset])
    }
}
