import ApoloCore
import ApoloSystem
#if canImport(Glibc)
import Glibc
#endif

/// What reviewers did through a project's shares: `projects/NAME.picks.tsv`, one act a line, appended and flushed
/// to the disk before it is answered. A torn or damaged line (a crash, an edit by hand) is skipped; a line longer than
/// `maxLine` bytes is not one apolo wrote. Kept apart from the document, so the photographer's undo never takes a
/// client's heart back and a client's heart does not rewrite the whole project.
public struct ShareLog: Sendable {
    public let path: String
    let lockPath: String
    static let maxLine = 8192
    /// 1 GiB: far beyond 50 reviewers hearting 50,000 photos each.
    static let maxSize = 1 << 30

    public init(home: Home, project: String) {
        path = home.projectsFolder + "/" + Home.key(project) + ".picks.tsv"
        lockPath = home.projectsFolder + "/." + Home.key(project) + ".picks.lock"
    }

    /// The acts from byte `offset` on (whole lines only), and where the file's whole lines end; read from `offset`
    /// only (a pick does not read the picks before it again). A file shorter than `offset` (replaced) is read whole.
    public func read(from offset: Int = 0) throws -> (acts: [ReviewAct], end: Int) {
        guard let (fd, size) = try SafeFile.open(path, noFollow: true) else { return ([], 0) }
        defer { close(fd) }
        guard size <= Self.maxSize else {
            throw StoreError.io(path: path, problem: "it is \(size) bytes; apolo reads at most \(Self.maxSize) here")
        }
        let from = offset <= size ? offset : 0
        guard lseek(fd, off_t(from), SEEK_SET) == off_t(from) else {
            throw StoreError.io(path: path, problem: "cannot read: \(errnoText())")
        }
        let bytes = try AtomicFile.read(fd: fd, size: size - from, limit: Self.maxSize, path: path)
        var acts: [ReviewAct] = [], start = 0, end = 0
        while let newline = bytes[start...].firstIndex(of: 10) {
            if newline - start <= Self.maxLine, let act = Self.act(bytes[start..<newline]) { acts.append(act) }
            start = newline + 1
            end = start
        }
        return (acts, from + end)
    }

    /// Appends an act and flushes it, holding the log's lock while `check` (given the acts others appended since
    /// byte `known`) decides whether it is still accepted; returns the new end, or nil when `check` refused.
    public func append(_ act: ReviewAct, known: Int, check: ([ReviewAct], Int) throws -> ReviewAct?) throws
        -> (act: ReviewAct?, others: [ReviewAct], end: Int) {
        let lock = try FileLock(path: lockPath, timeout: 10, project: "the picks")
        defer { lock.release() }
        let (others, end) = try read(from: known)
        guard let made = try check(others, end) else { return (nil, others, end) }
        let fd = open(FileNames.bytes(of: path), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.io(path: path, problem: "cannot write: \(errnoText())") }
        defer { close(fd) }
        let line = Array(Self.line(made).utf8)
        if end > 0, lseek(fd, 0, SEEK_END) != end { _ = ftruncate(fd, off_t(end)) }
        guard line.withUnsafeBytes({ System.writeAll(fd, $0) }), fdatasync(fd) == 0 else {
            let problem = errnoText()
            _ = ftruncate(fd, off_t(end))
            throw StoreError.io(path: path, problem: "cannot write: \(problem)")
        }
        return (made, others, end + line.count)
    }

    static func line(_ a: ReviewAct) -> String {
        let fields = ["1", a.at, String(a.share), a.reviewer, a.act.rawValue, a.photo ?? "", a.name, a.text ?? ""]
        return fields.map(TSVField.escape).joined(separator: "\t") + "\n"
    }

    static func act(_ bytes: ArraySlice<UInt8>) -> ReviewAct? {
        let line = String(decoding: bytes, as: UTF8.self)
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map { TSVField.unescape($0) }
        guard f.count == 8, f[0] == "1", Timestamp(iso: f[1]) != nil, let share = Int(f[2]), share > 0,
              Share.isToken(f[3]), let kind = ReviewAct.Kind(rawValue: f[4]), f[5].isEmpty || Photo.isValidID(f[5]),
              !f[6].isEmpty else { return nil }
        return ReviewAct(share: share, reviewer: f[3], name: f[6], act: kind, photo: f[5].isEmpty ? nil : f[5],
                         text: f[7].isEmpty ? nil : f[7], at: f[1])
    }
}
