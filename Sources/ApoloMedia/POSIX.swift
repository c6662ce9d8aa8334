#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin helpers over the POSIX calls ApoloMedia needs.
enum POSIX {
    static var errorText: String { String(cString: strerror(errno)) }

    /// Names in a folder, sorted; nil when it cannot be opened.
    static func entries(_ folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func status(_ path: String, follow: Bool = true) -> stat? {
        var info = stat()
        let result: Int32 = follow ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? info : nil
    }

    static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }
    static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
    static func isLink(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFLNK }

    /// The absolute, symlink-free form of a path (or the path made absolute when that fails).
    static func absolute(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

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
