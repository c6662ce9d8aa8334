#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and crash-safe writes (temp file in the same folder, fsync, rename, fsync folder).
public enum AtomicFile {
    /// Writes `bytes` to `path` so that a reader sees either the old file or the new one, never a mix.
    /// With `durable` (the default) it also survives a power cut; without, only a crash of the process.
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws {
        let folder = parent(of: path)
        let temp = folder + "/." + baseName(of: path) + ".tmp-\(getpid())"
        unlink(temp)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError.io(path: temp, problem: "cannot create: \(errnoText())") }
        var ok = false
        defer {
            if !ok { unlink(temp) }
        }
        do {
            try writeAll(fd, bytes, path: temp)
            guard !durable || fsync(fd) == 0 else { throw StoreError.io(path: temp, problem: "fsync failed: \(errnoText())") }
            close(fd)
        } catch {
            close(fd)
            throw error
        }
        guard rename(temp, path) == 0 else { throw StoreError.io(path: path, problem: "cannot replace: \(errnoText())") }
        ok = true
        let dirfd = durable ? open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// The whole file, or nil when it does not exist.
    public static func read(_ path: String) throws -> [UInt8]? {
        guard let fd = try openExisting(path) else { return nil }
        defer { close(fd) }
        var info = stat()
        let expected = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        var bytes = [UInt8](repeating: 0, count: max(expected, 4096))
        var used = 0
        while true {
            if used == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + used }, $0.count - used) }
            if n < 0 {
                if errno == EINTR { continue }
                throw StoreError.io(path: path, problem: "cannot read: \(errnoText())")
            }
            if n == 0 { break }
            used += n
        }
        bytes.removeLast(bytes.count - used)
        return bytes
    }

    /// Runs `body` on the file's bytes mapped read-only (no copy), or nil when it does not exist.
    /// Saves replace documents by rename, so a mapping always shows one whole version of the file.
    public static func withMapped<T>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        guard let fd = try openExisting(path) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0,
              let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), base != MAP_FAILED else {
            let bytes = try read(path) ?? []
            return try bytes.withUnsafeBufferPointer(body)
        }
        defer { munmap(base, Int(info.st_size)) }
        return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size)))
    }

    /// A read-only descriptor, or nil when the file does not exist.
    private static func openExisting(_ path: String) throws -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 { return fd }
        if errno == ENOENT { return nil }
        throw StoreError.io(path: path, problem: "cannot open: \(errnoText())")
    }

    /// Removes temp files left by processes killed mid-save (call while holding the project's lock).
    public static func removeStaleTemps(for path: String) {
        let folder = parent(of: path)
        let prefix = "." + baseName(of: path) + ".tmp-"
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name.hasPrefix(prefix) { unlink(folder + "/" + name) }
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw StoreError.io(path: path, problem: "cannot write: \(errnoText())")
            }
            offset += n
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
