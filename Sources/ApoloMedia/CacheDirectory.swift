import ApoloCore
import ApoloSystem
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// A folder inside apolo's cache, opened one component at a time without following a link (O_NOFOLLOW from the
/// cache folder's descriptor), and the files in it read and written only through that descriptor: a `thumbs/ab`
/// or `previews` folder swapped for a link, or a cached picture replaced by a link to a secret, is never used.
/// The cache folder itself is where APOLO_HOME says, links and all: that path is the user's.
struct CacheDirectory: ~Copyable {
    let fd: Int32
    let path: String
    /// The largest cached picture read (a full-size preview of a 16,384 px photo is well under this).
    static let maxBytes = 256 << 20

    /// Opens `cache/parts…`, making the folders that are missing; a component that is a link or no folder is an
    /// error in words.
    init(cache: String, _ parts: [String]) throws(MediaError) {
        var fd = Glibc.open(FileNames.bytes(of: cache), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0, errno == ENOENT {  // made once, not checked folder by folder on every thumbnail
            try POSIX.makeFolders(cache)
            fd = Glibc.open(FileNames.bytes(of: cache), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw MediaError.cache("cannot open \(cache.escaped): \(POSIX.errorText)") }
        var path = cache
        for part in parts {
            path += "/" + part
            if mkdirat(fd, part, 0o755) != 0 && errno != EEXIST {
                let reason = POSIX.errorText
                close(fd)
                throw MediaError.cache("cannot create \(path.escaped): \(reason)")
            }
            let next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let reason =
                errno == ELOOP || errno == ENOTDIR
                ? "it is a link or no folder; apolo does not follow links in its cache" : POSIX.errorText
            close(fd)
            guard next >= 0 else { throw MediaError.cache("cannot use \(path.escaped): \(reason)") }
            fd = next
        }
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// True when `name` is a regular file here (not a link).
    func has(_ name: String) -> Bool {
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of `name`, or nil when it is missing. An entry that is a link (symbolic or hard), a FIFO, a device
    /// or larger than `maxBytes` is no cached picture: it is removed (the link, never what it names) so it is made
    /// again.
    func read(_ name: String) -> [UInt8]? {
        var size: Int64 = 0, kind: Int32 = 0
        let file = apolo_open_regular_at(fd, name, O_NOFOLLOW, &size, &kind)
        guard file >= 0 else {
            if file == -2 || errno == ELOOP { unlinkat(fd, name, 0) }
            return nil
        }
        defer { close(file) }
        var info = stat()  // a hard link shares the file with a name outside the cache: not apolo's picture
        guard fstat(file, &info) == 0, info.st_nlink == 1, size <= Self.maxBytes,
            let bytes = try? POSIX.readAll(
                file,
                size: Int(size)), bytes.count == Int(size)
        else {
            unlinkat(fd, name, 0)
            return nil
        }
        return bytes
    }

    /// The names of the entries (not `.` and `..`).
    func names() -> [String] { System.entries(fd: fd) ?? [] }

    /// Removes `.tmp-PID-…` files whose process has ended.
    func removeStaleTemps() {
        for name in names() where name.hasPrefix(".tmp-") {
            guard let pid = Int32(name.dropFirst(5).prefix { $0.isNumber }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlinkat(fd, name, 0) }
        }
    }

    /// Writes `bytes` as `name` under a temp name of this process, then renames it into place.
    func write(_ bytes: [UInt8], as name: String) throws(MediaError) {
        let temp = ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-" + name
        let file = openat(fd, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            throw MediaError.cache("cannot create \((path + "/" + temp).escaped): \(POSIX.errorText)")
        }
        let written = bytes.withUnsafeBytes { POSIX.writeAll(file, $0) }
        close(file)
        guard written, renameat(fd, temp, fd, name) == 0 else {
            let reason = POSIX.errorText
            unlinkat(fd, temp, 0)
            throw MediaError.cache("cannot write \((path + "/" + name).escaped): \(reason)")
        }
    }
}
