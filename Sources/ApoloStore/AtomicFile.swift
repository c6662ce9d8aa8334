import ApoloCore
import ApoloSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads and crash-safe writes (temp file in the same folder, fsync, rename, fsync folder).
/// A replaced file keeps its permissions (a document made `chmod 600` stays 600).
public enum AtomicFile {
    /// Writes `bytes` to `path` so that a reader sees either the old file or the new one, never a mix.
    /// With `durable` (the default) it also survives a power cut; without, only a crash of the process.
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws {
        try write(to: path, durable: durable) { try writeAll($0, bytes, path: $1) }
    }

    /// The same, with `fill` writing the content to the temp file (descriptor, path).
    static func write(to path: String, durable: Bool = true, _ fill: (Int32, String) throws -> Void) throws {
        let folder = parent(of: path)
        let temp = folder + "/." + baseName(of: path) + ".tmp-\(getpid())"
        try WriteFaults.check("create \(baseName(of: path))", path)
        unlink(temp)
        var info = stat()
        let mode =
            stat(
                FileNames.bytes(of: path),
                &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : 0o644
        let fd = open(FileNames.bytes(of: temp), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw StoreError.io(path: temp, problem: "cannot create: \(errnoText())") }
        fchmod(fd, mode)
        var ok = false
        defer {
            if !ok { unlink(temp) }
        }
        do {
            try WriteFaults.check("write \(baseName(of: path))", path)
            try fill(fd, temp)
            try WriteFaults.check("fsync \(baseName(of: path))", path)
            guard !durable || fsync(fd) == 0 else {
                throw StoreError.io(path: temp, problem: "fsync failed: \(errnoText())")
            }
            close(fd)
        } catch {
            close(fd)
            throw error
        }
        try WriteFaults.check("rename \(baseName(of: path))", path)
        guard rename(FileNames.bytes(of: temp), FileNames.bytes(of: path)) == 0 else {
            throw StoreError.io(path: path, problem: "cannot replace: \(errnoText())")
        }
        ok = true
        let dirfd = durable ? open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// The whole file, or nil when it does not exist (a regular file of at most 1 GiB; see `SafeFile`).
    public static func read(_ path: String) throws -> [UInt8]? {
        try SafeFile.read(path, limit: 1 << 30)
    }

    /// Reads an open file of `size` bytes (one read call when it does not grow meanwhile), never past `limit`.
    static func read(fd: Int32, size: Int, limit: Int, path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var size = min(size + 1, limit + 1)
        while true {
            let chunk = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                while count < size {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { throw StoreError.io(path: path, problem: "cannot read: \(errnoText())") }
                    if n == 0 { break }
                    count += n
                }
            }
            if bytes.isEmpty, chunk.count < size { return chunk }
            bytes += chunk
            guard bytes.count <= limit else {
                throw StoreError.io(path: path, problem: "it grew past \(limit) bytes while being read")
            }
            if chunk.count < size { return bytes }
            size = max(size, 65536)
        }
    }

    /// Removes temp files left by processes killed mid-save (call while holding the project's lock).
    public static func removeStaleTemps(for path: String) {
        let folder = parent(of: path)
        let prefix = "." + baseName(of: path) + ".tmp-"
        for name in System.entries(atPath: folder) ?? [] where name.hasPrefix(prefix) {
            unlink(FileNames.bytes(of: folder + "/" + name))
        }
    }

    /// Appends `bytes` to the open file (opened with `O_APPEND`, `end` bytes long) and flushes them to disk; on
    /// failure cuts the file back to `end`, so no part of them stays to merge with the next line.
    static func appendFlushed(_ bytes: [UInt8], to fd: Int32, end: Int, path: String) throws {
        guard bytes.withUnsafeBytes({ System.writeAll(fd, $0) }), fdatasync(fd) == 0 else {
            let problem = errnoText()
            _ = ftruncate(fd, off_t(end))
            throw StoreError.io(path: path, problem: "cannot write: \(problem)")
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        guard System.writeAll(fd, bytes) else {
            throw StoreError.io(path: path, problem: "cannot write: \(errnoText())")
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
