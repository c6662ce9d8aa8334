import ApoloCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Derived facts shared by every project: file identity (path, size, mtime, inode) → the photo read from it.
/// `APOLO_HOME/cache/cache.sqlite`; schema versioned by `user_version`. Holds nothing that cannot be rebuilt:
/// a corrupt, foreign or outdated file is set aside (renamed) and a fresh one made, with a warning.
public final class MetadataCache: FactsCache, @unchecked Sendable {
    public static let schemaVersion: Int64 = 2
    let db: SQLite
    let lock = NSLock()
    /// Problems met while opening (e.g. a corrupt file set aside).
    public private(set) var warnings: [String] = []

    public typealias Identity = FileIdentity

    public init(folder: String) throws {
        try Self.makeFolder(folder)
        let path = folder + "/cache.sqlite"
        do {
            db = try Self.open(path)
        } catch {
            let aside = path + ".broken-\(Int(Date().timeIntervalSince1970))"
            try? FileManager.default.moveItem(atPath: path, toPath: aside)
            warnings.append("the cache \(path) could not be used (\(error)); moved it to \(aside) and started a new one")
            db = try Self.open(path)
        }
    }

    private static func open(_ path: String) throws -> SQLite {
        let db = try SQLite(path: path)
        var version: Int64 = -1
        try db.query("PRAGMA user_version") { version = $0.int(0) }
        if version == 0 || version == 1 {
            // version 1 had no signals: the table is added, what it knew of files is kept
            try db.execute("""
                PRAGMA journal_mode=WAL;
                CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, size INTEGER, mtime INTEGER,
                        inode INTEGER, photo TEXT);
                CREATE TABLE IF NOT EXISTS signals(photo TEXT PRIMARY KEY, version INTEGER, sharpness REAL,
                        region INTEGER, highlights REAL, shadows REAL, hash INTEGER);
                PRAGMA user_version=\(schemaVersion);
                """)
        } else if version != schemaVersion {
            throw StoreError.io(path: path, problem: "schema version \(version), expected \(schemaVersion)")
        }
        try db.query("SELECT count(*) FROM files")
        try db.query("SELECT count(*) FROM signals")
        return db
    }

    /// Creates the cache folder and its parents; a file in the way is a clear storage error.
    static func makeFolder(_ folder: String) throws {
        var built = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            built += "/" + part
            var info = stat()
            if stat(FileNames.bytes(of: built), &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw StoreError.io(path: built,
                            problem: "it is a file, but apolo keeps its cache folder there; move the file away")
                }
            } else if mkdir(FileNames.bytes(of: built), 0o755) != 0 && errno != EEXIST {
                throw StoreError.io(path: built, problem: "cannot create the cache folder: \(errnoText())")
            }
        }
    }

    /// A cached photo is used only when it is a sound photo read from this very path: a crafted row can neither
    /// give a photo another path nor an id that would name a file outside the cache.
    static func trusted(_ json: String, for identity: Identity) -> Photo? {
        let bytes = Array(json.utf8)
        guard bytes.count <= 1 << 20, JSONDepth.of(bytes) <= JSONDepth.limit,
              let photo = try? JSONDecoder().decode(Photo.self, from: Data(bytes)),
              photo.path == identity.path, photo.bytes == Int(identity.size),
              ProjectCheck.problems(of: photo, key: photo.id).isEmpty else { return nil }
        return photo
    }

    /// The photo last read from this exact file, or nil when it changed, was never read, or the row is not sound.
    public func lookup(_ id: Identity) -> Photo? {
        lock.lock()
        defer { lock.unlock() }
        var json: String?
        try? db.query("SELECT photo FROM files WHERE path = ? AND size = ? AND mtime = ? AND inode = ?",
                      [.text(id.path), .int(id.size), .int(id.mtimeNanos), .int(id.inode)]) { json = $0.text(0) }
        return json.flatMap { Self.trusted($0, for: id) }
    }

    /// Remembers what was read from these files (one transaction).
    public func store(_ entries: [(Identity, Photo)]) throws {
        lock.lock()
        defer { lock.unlock() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try db.execute("BEGIN")
        do {
            for (id, photo) in entries {
                let json = String(decoding: try encoder.encode(photo), as: UTF8.self)
                try db.query("INSERT OR REPLACE INTO files(path, size, mtime, inode, photo) VALUES(?, ?, ?, ?, ?)",
                             [.text(id.path), .int(id.size), .int(id.mtimeNanos), .int(id.inode), .text(json)])
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")   // a failed write (a full disk) leaves no transaction open for the next one
            throw error
        }
    }

    /// How many files the cache knows.
    public func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        var n: Int64 = 0
        try? db.query("SELECT count(*) FROM files") { n = $0.int(0) }
        return Int(n)
    }
}
