import ApoloCore
import ApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// What reviewers did through a project's shares: `projects/NAME.picks.tsv`, one act a line, appended and flushed
/// to the disk before it is answered. A torn or damaged line (a crash, an edit by hand) is skipped; a line longer than
/// `maxLine` bytes is not one apolo wrote. Kept apart from the document, so the photographer's undo never takes a
/// client's heart back and a client's heart does not rewrite the whole project. It is written again with only its
/// live acts (`compact`) when dead ones pile up, so its size follows what reviewers mean now, not how often they
/// changed their minds.
public struct ShareLog: Sendable {
    public let path: String
    let lockPath: String
    static let maxLine = 8192
    /// 16 MiB: an act is refused past it (after a compaction). About 100,000 hearts, or 500 reviewers each with 40
    /// hearts and 10 comments of 2,000 bytes; a log that size reads in well under a second.
    public static let maxSize = 16 << 20
    /// 1 GiB: the most read (a log an older apolo let grow; the next compaction brings it under `maxSize`).
    static let maxRead = 1 << 30

    /// Where a reader stopped: the file (its inode and the random generation its first line names: a compaction
    /// writes a new one, as an inode number may be given again) and the end of its whole lines.
    public struct Mark: Equatable, Sendable {
        public let file: String
        public let end: Int
        public static let none = Mark(file: "", end: 0)
    }

    /// The first line of a log apolo began: a comment naming its generation (skipped as an act by every reader).
    static func header() -> [UInt8] { Array("#apolo-picks \(Share.newToken())\n".utf8) }

    /// Acts read after a mark; `whole` when they are the whole log (the file was replaced since the mark, or none
    /// was given), else only those appended since.
    public struct Read: Sendable {
        public let acts: [ReviewAct]
        public let whole: Bool
        public let mark: Mark
    }

    public init(home: Home, project: String) {
        path = home.projectsFolder + "/" + Home.key(project) + ".picks.tsv"
        lockPath = home.projectsFolder + "/." + Home.key(project) + ".picks.lock"
    }

    /// The acts after `mark` (whole lines only; a pick does not read the picks before it again), or the whole log
    /// when `mark` is nil or names a file that was since replaced or cut.
    public func read(after mark: Mark? = nil) throws -> Read {
        guard let (fd, size) = try SafeFile.open(path, noFollow: true) else {
            return Read(acts: [], whole: true, mark: .none)
        }
        defer { close(fd) }
        guard size <= Self.maxRead else {
            throw StoreError.io(
                path: path,
                problem: "it is \(size) bytes; apolo reads at most \(Self.maxRead) here; "
                    + "move it aside to start the picks afresh")
        }
        let file = try identity(fd)
        let whole = mark == nil || mark?.file != file || (mark?.end ?? 0) > size
        let from = whole ? 0 : mark?.end ?? 0
        guard lseek(fd, off_t(from), SEEK_SET) == off_t(from) else {
            throw StoreError.io(path: path, problem: "cannot read: \(errnoText())")
        }
        let bytes = try AtomicFile.read(fd: fd, size: size - from, limit: Self.maxRead, path: path)
        var acts: [ReviewAct] = [], start = 0
        while let newline = bytes[start...].firstIndex(of: 10) {
            if newline - start <= Self.maxLine, let act = Self.act(bytes[start..<newline]) { acts.append(act) }
            start = newline + 1
        }
        return Read(acts: acts, whole: whole, mark: Mark(file: file, end: from + start))
    }

    /// Appends an act and flushes it, holding the log's lock while `check` (given what others appended after `mark`)
    /// decides whether it is still accepted; the act made (nil when `check` changed nothing), what was read, and the
    /// new mark. Refused in words when the log would pass `maxSize`.
    public func append(_ act: ReviewAct, after mark: Mark?, check: (Read) throws -> ReviewAct?) throws
        -> (act: ReviewAct?, read: Read, mark: Mark)
    {
        let lock = try FileLock(path: lockPath, timeout: 10, project: "the picks")
        defer { lock.release() }
        let read = try read(after: mark)
        let end = read.mark.end
        guard let made = try check(read) else { return (nil, read, read.mark) }
        var line = Array(Self.line(made).utf8)
        guard end + line.count <= Self.maxSize else { throw CoreError(.conflict, said: Said("review.logFull", [])) }
        let fd = open(FileNames.bytes(of: path), O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.io(path: path, problem: "cannot write: \(errnoText())") }
        defer { close(fd) }
        if lseek(fd, 0, SEEK_END) != end { _ = ftruncate(fd, off_t(end)) }
        if end == 0 { line = Self.header() + line }
        try AtomicFile.appendFlushed(line, to: fd, end: end, path: path)
        return (made, read, Mark(file: try identity(fd), end: end + line.count))
    }

    /// The file's inode and the generation its first line names ("" for a log without one).
    func identity(_ fd: Int32) throws -> String {
        var info = stat(), head = [UInt8](repeating: 0, count: 48)
        guard fstat(fd, &info) == 0 else { throw StoreError.io(path: path, problem: "cannot read: \(errnoText())") }
        let got = max(0, pread(fd, &head, head.count, 0))
        let line = head[0..<got].split(separator: 10, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        let generation = line.starts(with: Array("#apolo-picks ".utf8)) ? String(decoding: line, as: UTF8.self) : ""
        return "\(info.st_ino) \(generation)"
    }

    /// Writes the log again with only its live acts (`Reviews.live`), under its lock and atomically (a reader sees
    /// the old file or the new one), when dead lines are at least half of it (with `always`, when there is one);
    /// the acts it holds after, and its mark.
    public func compact(always: Bool = false) throws -> Read {
        let lock = try FileLock(path: lockPath, timeout: 10, project: "the picks")
        defer { lock.release() }
        let all = try read()
        let live = Reviews.live(all.acts)
        guard live.count < all.acts.count, always || live.count * 2 <= all.acts.count else { return all }
        var bytes = Self.header()
        bytes.reserveCapacity(all.mark.end)
        for act in live { bytes += Self.line(act).utf8 }
        try AtomicFile.write(bytes, to: path)
        return try read()
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
            !f[6].isEmpty
        else { return nil }
        return ReviewAct(
            share: share, reviewer: f[3], name: f[6], act: kind, photo: f[5].isEmpty ? nil : f[5],
            text: f[7].isEmpty ? nil : f[7], at: f[1])
    }
}
