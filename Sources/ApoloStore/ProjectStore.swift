import ApoloCore
import ApoloSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project documents under a home: list, load, save, lock, and the open-project pointer.
public struct ProjectStore: Sendable {
    public let home: Home
    /// Seconds to wait for another process's lock.
    public let lockTimeout: Double
    /// Undo steps kept per project.
    public let historyLimit: Int
    /// The document size from which a change is saved as a line of the project's journal rather than by writing the
    /// document whole (nil: always whole). The light table keeps journals; one-off commands write whole documents.
    public let journalFrom: Int?
    /// The journals as this store last left them.
    let tips = Locked<[String: Tip]>([:])

    public init(home: Home, lockTimeout: Double = 30, historyLimit: Int = 1000, journalFrom: Int? = nil) {
        self.home = home
        self.lockTimeout = lockTimeout
        self.historyLimit = historyLimit
        self.journalFrom = journalFrom
    }

    /// The document size from which the light table keeps a journal by default: 4 MiB, about 9,000 photos, where a
    /// whole save starts to cost more than a keypress should wait.
    public static let largeDocument = 4 << 20

    /// This store, keeping journals for documents of `bytes` or more.
    public func keepingJournals(from bytes: Int = largeDocument) -> ProjectStore {
        ProjectStore(home: home, lockTimeout: lockTimeout, historyLimit: historyLimit, journalFrom: bytes)
    }

    /// Names of every project, sorted.
    public func names() -> [String] {
        // a document whose file name is no valid project name (not UTF-8, say: Names.project refuses the escapes
        // such bytes become) is not one of apolo's
        let files = System.entries(atPath: home.projectsFolder) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
            .filter { !$0.hasPrefix(".") && (try? Names.project($0)) != nil }.sorted()
    }

    /// True when a valid project name has a document (an invalid name never has one).
    public func exists(_ name: String) -> Bool {
        (try? Names.project(name)) != nil && access(home.document(name), F_OK) == 0
    }

    /// The open project's name, or nil.
    public func currentName() throws -> String? {
        guard let bytes = try AtomicFile.read(home.currentFile) else { return nil }
        let name = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        return name.isEmpty ? nil : name
    }

    /// The open project's name; throws a message saying how to open one.
    public func requireCurrent() throws -> String {
        guard let name = try currentName() else { throw StoreError.noOpenProject(available: names()) }
        guard exists(name) else {
            throw StoreError.noProject(name, available: names())
        }
        return name
    }

    /// Makes `name` the open project.
    public func setCurrent(_ name: String?) throws {
        try ensureFolders()
        try AtomicFile.write(Array((name.map(Home.key) ?? "").utf8) + [10], to: home.currentFile)
    }

    /// Loads and checks a project document, with the changes of its journal; a bad document is reported, never
    /// overwritten. The file name is the project's name.
    public func load(_ name: String) throws -> Project {
        _ = try Names.project(name)
        let path = home.document(name)
        guard let bytes = try DocumentBytes.load(path) else { throw StoreError.noProject(name, available: names()) }
        var project: Project
        do throws(DocumentProblem) {
            project = try DocumentCodec.decode(bytes)
        } catch {
            throw StoreError.unreadable(path: path, problem: error.text)
        }
        project.name = name
        try journal(name).replay(onto: &project)
        return project
    }

    /// Saves the document whole, atomically, and removes the project's journal (the caller holds the lock).
    public func save(_ project: Project) throws {
        try ensureFolders()
        let journal = journal(project.name)
        tips.withLock { $0[journal.path] = nil }
        // a journal starting at the revision being saved would be replayed onto it if the save were cut short after
        // the rename: the project is back at the journal's start, so the journal goes first
        if let revision = project.revision, journal.base() == revision { unlink(FileNames.bytes(of: journal.path)) }
        try AtomicFile.write(to: home.document(project.name)) { fd, path in
            var failure: (any Error)?
            DocumentWriter.write(project) { piece in  // written as it is made
                guard failure == nil else { return }
                do {
                    switch piece {
                    case .new(let bytes): try AtomicFile.writeAll(fd, bytes, path: path)
                    case .stored(let bytes): try AtomicFile.writeAll(fd, bytes, path: path)
                    }
                } catch { failure = error }
            }
            if let failure { throw failure }
        }
        if access(journal.path, F_OK) == 0 {  // its changes are in the document now
            try WriteFaults.check("remove journal", journal.path)
            unlink(FileNames.bytes(of: journal.path))
        }
    }

    /// Runs `body` holding the project's exclusive lock, after clearing temp files a killed save may have left.
    public func withLock<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try ensureFolders()
        let lock = try FileLock(path: home.lockFile(name), timeout: lockTimeout, project: name)
        defer { lock.release() }
        AtomicFile.removeStaleTemps(for: home.document(name))
        return try body()
    }

    /// Runs `body` holding the lock over the set of projects (create, rename, discard).
    public func withHomeLock<T>(_ body: () throws -> T) throws -> T {
        try ensureFolders()
        let lock = try FileLock(path: home.globalLock, timeout: lockTimeout, project: "(project list)")
        defer { lock.release() }
        return try body()
    }

    /// Creates the home and projects folders when missing.
    public func ensureFolders() throws {
        for folder in [home.root, home.projectsFolder] where access(folder, F_OK) != 0 {
            try makeFolders(folder)
        }
    }

    private func makeFolders(_ path: String) throws {
        if let (folder, reason) = System.makeFolders(path) {
            throw StoreError.io(path: folder, problem: "cannot create folder: \(reason)")
        }
    }
}
