import ApoloCore
import ApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Saving a change of a large project as one journal line (see `Journal`), and folding the journal in.
extension ProjectStore {
    /// A journal file as this process last left it: the revision its last line leads to.
    struct Tip: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let revision: String
    }

    /// The journal of project `name`.
    func journal(_ name: String) -> Journal { Journal(path: home.journal(name)) }

    /// Saves `project`, which `patch` made from `old` (the caller holds the lock): as one line of the project's
    /// journal when this store keeps journals, the document is large and the journal is as this store left it;
    /// otherwise the document is written whole.
    public func save(_ project: Project, from old: Project, patch: ProjectPatch) throws {
        if try append(project, from: old, patch: patch) { return }
        try save(project)
    }

    /// Writes the document whole with its journal's changes in, and removes the journal (the caller holds the lock;
    /// nothing to do without a journal).
    public func fold(_ name: String) throws {
        guard access(home.journal(name), F_OK) == 0 else { return }
        try save(try load(name))
    }

    /// Appends the change to the journal; false when the document should be written whole instead.
    private func append(_ project: Project, from old: Project, patch: ProjectPatch) throws -> Bool {
        guard let threshold = journalFrom, let from = old.revision, let to = project.revision, from != to,
            Project.isValidRevision(from), Project.isValidRevision(to),
            let document = Self.state(of: home.document(project.name)), document.size >= threshold
        else { return false }
        let line = try Journal.line(patch, from: from, to: to)
        guard line.count <= Journal.largestChange else { return false }
        let path = home.journal(project.name)
        if let now = Self.state(of: path) {
            guard now.size + line.count <= Journal.foldAt, tips.value[path] == Tip(now, revision: from) else {
                return false
            }
            try appendLine(line, to: path, size: now.size)
        } else {
            // no journal: the document itself is at `from` (the caller loaded it under the lock)
            try AtomicFile.write(Array((Journal.magic + from + "\n").utf8) + line, to: path)
        }
        guard let after = Self.state(of: path) else { return false }
        tips.withLock { $0[path] = Tip(after, revision: to) }
        return true
    }

    /// Appends `line` and flushes it to disk; on failure the journal is cut back to `size`.
    private func appendLine(_ line: [UInt8], to path: String, size: Int) throws {
        try WriteFaults.check("append journal", path)
        let fd = open(FileNames.bytes(of: path), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw StoreError.io(path: path, problem: "cannot open: \(errnoText())") }
        defer { close(fd) }
        try AtomicFile.appendFlushed(line, to: fd, end: size, path: path)
    }

    /// A file's device, inode and size, or nil when it does not exist.
    static func state(of path: String) -> (device: UInt64, inode: UInt64, size: Int)? {
        var info = stat()
        guard lstat(FileNames.bytes(of: path), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino), Int(info.st_size))
    }
}

extension ProjectStore.Tip {
    init(_ state: (device: UInt64, inode: UInt64, size: Int), revision: String) {
        self.init(device: state.device, inode: state.inode, size: state.size, revision: revision)
    }
}
