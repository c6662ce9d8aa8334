import ApoloCore
import ApoloSystem
import CApoloSystem
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The export's target folder, opened once with `O_NOFOLLOW` and locked: every read, write, rename and removal
/// is made relative to its descriptor, so swapping the folder for a symbolic link midway cannot send a file
/// anywhere else, and a second export into the same folder waits for the first to finish.
final class ExportFolder: Sendable {
    let fd: Int32
    /// For messages.
    let path: String

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// Opens (creating it unless `create` is false) `parent/name` and takes its lock, waiting at most `wait`
    /// seconds; nil when it does not exist and `create` is false.
    static func open(parent: String, name: String, create: Bool, wait: Double) throws(ExportError) -> ExportFolder? {
        let display = parent + "/" + name
        let component: [UInt8]
        do {
            component = try FileNames.component(
                name,
                what: "project name")
        } catch { throw ExportError.refused(error.message) }
        guard let parentFD = try openChain(parent, create: create) else { return nil }
        defer { close(parentFD) }
        let cName = component.map { CChar(bitPattern: $0) } + [0]
        var fd = openat(parentFD, cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0, errno == ENOENT {
            guard create else { return nil }
            if mkdirat(parentFD, cName, 0o755) != 0, errno != EEXIST {
                throw ExportError.io(display, "cannot create folder: \(POSIX.errorText.lowercased())")
            }
            fd = openat(parentFD, cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            switch errno {
            case ELOOP:
                throw ExportError.refused("\(display) is a symbolic link; apolo exports only into a real folder")
            case ENOTDIR: throw ExportError.refused("\(display) exists and is not a folder")
            default: throw ExportError.io(display, "cannot open folder: \(POSIX.errorText.lowercased())")
            }
        }
        let folder = ExportFolder(fd: fd, path: display)
        try folder.lock(wait: wait)
        return folder
    }

    private func lock(wait: Double) throws(ExportError) {
        let deadline = Date().addingTimeInterval(wait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                throw ExportError.io(
                    path,
                    "another export into this folder is still running; try again when it has finished")
            }
            usleep(50_000)
        }
    }

    /// The names in the folder (not `.` and `..`).
    func entries() throws(ExportError) -> [String] {
        guard let names = System.entries(fd: fd) else { throw ExportError.io(path, "cannot list: \(System.errorText)") }
        return names.sorted()
    }

    /// A regular file in the folder opened for reading (never through a link), with its size; nil when absent.
    func openFile(_ name: String) throws(ExportError) -> (fd: Int32, size: Int)? {
        var size: Int64 = 0, kind: Int32 = 0
        let file = apolo_open_regular_at(fd, FileNames.bytes(of: name), O_NOFOLLOW, &size, &kind)
        if file == -2 {
            let what = String(cString: apolo_file_kind(kind))
            throw ExportError.refused("\(path)/\(name.escaped) is \(what), not a file apolo wrote")
        }
        if file < 0 {
            if errno == ENOENT { return nil }
            throw ExportError.io(path + "/" + name, "cannot open: \(POSIX.errorText.lowercased())")
        }
        return (file, Int(size))
    }

    /// A small file's bytes (a manifest, a pending note), at most `limit`; nil when absent.
    func read(_ name: String, limit: Int) throws(ExportError) -> [UInt8]? {
        guard let (file, size) = try openFile(name) else { return nil }
        defer { close(file) }
        guard size <= limit else {
            throw ExportError.refused("\(path)/\(name) is \(size) bytes; apolo's own files there are never that large")
        }
        do { return try POSIX.readAll(file, size: size) } catch {
            throw ExportError.io(
                path + "/" + name,
                error.reason)
        }
    }

    /// A new file for writing under a temp name (it must not exist yet).
    func create(_ name: String) throws(ExportError) -> Int32 {
        let file = openat(fd, FileNames.bytes(of: name), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            throw ExportError.io(path + "/" + name, "cannot create: \(POSIX.errorText.lowercased())")
        }
        return file
    }

    /// Writes `bytes` under `temp`, then places it as `name` (see `place`).
    func write(
        _ bytes: [UInt8], to name: String, temp: String, journal: (line: String, file: String)? = nil
    ) throws(ExportError) {
        let file = try create(temp)
        let ok = bytes.withUnsafeBytes { POSIX.writeAll(file, $0) }
        close(file)
        guard ok else {
            remove(temp)
            throw ExportError.io(path + "/" + name, "cannot write: \(POSIX.errorText.lowercased())")
        }
        try place(temp, as: name, journal: journal)
    }

    /// Renames the finished `temp` to `name`, `journal` (a line and the file it goes to) appended first: a file
    /// under its final name is always in the journal. The temp is removed when either step fails.
    func place(_ temp: String, as name: String, journal: (line: String, file: String)?) throws(ExportError) {
        if let journal {
            do throws(ExportError) { try append(journal.line, to: journal.file) } catch {
                remove(temp)
                throw error
            }
        }
        try rename(temp, to: name)
    }

    func rename(_ from: String, to name: String) throws(ExportError) {
        guard renameat(fd, FileNames.bytes(of: from), fd, FileNames.bytes(of: name)) == 0 else {
            let reason = POSIX.errorText.lowercased()
            remove(from)
            throw ExportError.io(path + "/" + name, "cannot write: \(reason)")
        }
    }

    func remove(_ name: String) { unlinkat(fd, FileNames.bytes(of: name), 0) }

    /// Gives a file of the folder a modification time (its original's).
    func touch(_ name: String, modified: timespec) {
        var times = [modified, modified]
        _ = utimensat(fd, FileNames.bytes(of: name), &times, AT_SYMLINK_NOFOLLOW)
    }

    /// Appends one line to a file of the folder (one write: lines of parallel workers never interleave).
    func append(_ line: String, to name: String) throws(ExportError) {
        let file = openat(fd, FileNames.bytes(of: name), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw ExportError.io(path + "/" + name, "cannot open: \(POSIX.errorText.lowercased())") }
        defer { close(file) }
        let bytes = Array(line.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(file, $0.baseAddress, $0.count) }) == bytes.count else {
            throw ExportError.io(path + "/" + name, "cannot write: \(POSIX.errorText.lowercased())")
        }
    }

    /// Creates `path` and its missing parents (the user's `--to`).
    /// Opens `path` one folder at a time from `/` (or the working folder). A folder that was there is opened as the
    /// user's path has it, links and all; a folder apolo creates is opened with O_NOFOLLOW, so swapping it for a
    /// link after it was made is refused, and once open nothing can redirect the export. nil when `path` does not
    /// exist and `create` is false.
    static func openChain(_ path: String, create: Bool) throws(ExportError) -> Int32? {
        let bytes = FileNames.bytes(of: path).dropLast().map { UInt8(bitPattern: $0) }
        var fd = Glibc.open(bytes.first == 47 ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var built = bytes.first == 47 ? "" : "."
        for part in bytes.split(separator: 47) {
            let name = part.map { CChar(bitPattern: $0) } + [0]
            built += "/" + FileNames.string(part)
            var next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if next < 0, errno == ENOENT, create {
                if mkdirat(fd, name, 0o755) != 0, errno != EEXIST {
                    let reason = POSIX.errorText.lowercased()
                    close(fd)
                    throw ExportError.io(built, "cannot create folder: \(reason)")
                }
                next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if next < 0, errno == ELOOP {
                    close(fd)
                    throw ExportError.refused(
                        """
                        \(built.escaped) was replaced by a symbolic link just after apolo created it; nothing was \
                        exported
                        """
                    )
                }
            }
            let reason = POSIX.errorText.lowercased(), missing = errno == ENOENT
            close(fd)
            guard next >= 0 else {
                if missing, !create { return nil }
                throw ExportError.io(built, "cannot open folder: \(reason)")
            }
            fd = next
        }
        return fd
    }
}
