import ApoloCore
import ApoloSystem
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

extension IngestFile {
    /// How much of a photo's start is read for its capture facts (its EXIF sits there): a card's file is never held
    /// whole in memory, whatever its size.
    public static let headBytes = 8 << 20
    static let chunk = 1 << 20

    /// One card file copied to a hidden temporary file in each destination folder, and the SHA-256 of what was read.
    public struct Copy: Sendable {
        public let sha256: String
        public let size: Int
        public var temporaries: [String]
    }

    /// The first bytes of a card's file (at most `headBytes`) and its modification time; never through a link.
    public static func head(_ path: String) throws(IngestProblem) -> (bytes: [UInt8], modified: timespec) {
        let (fd, info) = try openCard(path)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), headBytes))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw IngestProblem(path, "cannot read it") }
            if n == 0 { throw IngestProblem(path, problem: "it became shorter while it was read (a card pulled out?)") }
            done += n
        }
        return (bytes, info.st_mtim)
    }

    /// Reads a card's file once, in 1 MiB chunks, hashing it and writing each chunk to a new hidden file in every
    /// folder, each then flushed with the card file's time. Nothing is left behind when it throws (`destination`
    /// says whether the card's file or a destination failed).
    public static func copy(_ path: String, into folders: [String], stem: String) throws(IngestProblem) -> Copy {
        let (fd, info) = try openCard(path)
        defer { close(fd) }
        var outputs: [(path: String, fd: Int32)] = []
        var kept = false
        defer {
            for output in outputs {
                close(output.fd)
                if !kept { unlink(FileNames.bytes(of: output.path)) }
            }
        }
        for folder in folders {
            let temporary =
                folder + "/." + stem + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36)
                + partSuffix
            let out = open(FileNames.bytes(of: temporary), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard out >= 0 else { throw IngestProblem(folder, "cannot write in it").atDestination }
            outputs.append((temporary, out))
        }
        let hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: chunk)
        let size = Int(info.st_size)
        var offset = 0
        while offset < size {
            let n = buffer.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress, min($0.count, size - offset), off_t(offset))
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw IngestProblem(path, "cannot read it") }
            if n == 0 { throw IngestProblem(path, problem: "it became shorter while it was read (a card pulled out?)") }
            let failed = buffer.withUnsafeBytes { raw in
                let piece = UnsafeRawBufferPointer(rebasing: raw[0..<n])
                hash.update(piece)
                return outputs.firstIndex { !POSIX.writeAll($0.fd, piece) }
            }
            if let failed { throw IngestProblem(folders[failed], "cannot write a copy").atDestination }
            offset += n
        }
        for (index, output) in outputs.enumerated() {
            var times = [info.st_mtim, info.st_mtim]
            _ = futimens(output.fd, &times)
            if fsync(output.fd) != 0 { throw IngestProblem(folders[index], "cannot write a copy").atDestination }
        }
        kept = true
        return Copy(sha256: hash.finish(), size: size, temporaries: outputs.map(\.path))
    }

    /// A card's regular file opened for reading (never through a link), with its status; refused over 2 GiB.
    static func openCard(_ path: String) throws(IngestProblem) -> (Int32, stat) {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), O_NOFOLLOW, &size, &kind)
        if fd == -2 {
            throw IngestProblem(path, problem: "it is \(String(cString: apolo_file_kind(kind))), not a file")
        }
        guard fd >= 0 else { throw IngestProblem(path, "cannot open it") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw IngestProblem(path, "cannot read it")
        }
        guard info.st_size >= 0, info.st_size <= PhotoReader.maxBytes else {
            close(fd)
            throw IngestProblem(path, problem: "it is \(info.st_size) bytes; apolo ingests files of at most 2 GiB")
        }
        return (fd, info)
    }
}
