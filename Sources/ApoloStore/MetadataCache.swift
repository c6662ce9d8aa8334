import ApoloCore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Derived facts shared by every project: file identity (path, size, mtime, inode) → the photo read from it.
/// `APOLO_HOME/cache/cache.sqlite`; schema versioned by `user_version`. Holds nothing that cannot be rebuilt:
/// a corrupt (any page, met at any time), foreign or outdated file, or a link in place of any of its files, is set
/// aside (renamed, never followed) and a fresh one made, with a warning. A full disk, a permission or an I/O
/// error is reported as what it is, and nothing is moved.
public final class MetadataCache: FactsCache, @unchecked Sendable {
    public static let schemaVersion: Int64 = 7
    /// The connection; replaced when a damaged page is met after opening (under `lock`).
    var db: SQLite
    let path: String
    let lock = NSLock()
    /// Problems met (e.g. a corrupt file set aside).
    public internal(set) var warnings: [String] = []

    public typealias Identity = FileIdentity

    public init(folder: String) throws {
        try Self.makeFolder(folder)
        path = folder + "/cache.sqlite"
        var warnings: [String] = []
        db = try Self.openOrRecover(path, warnings: &warnings)
        self.warnings = warnings
    }

    /// Creates the cache folder and its parents; a file in the way is a clear storage error.
    static func makeFolder(_ folder: String) throws {
        var built = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            built += "/" + part
            var info = stat()
            if stat(FileNames.bytes(of: built), &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw StoreError.io(
                        path: built,
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
            ProjectCheck.problems(of: photo, key: photo.id).isEmpty
        else { return nil }
        return photo
    }

    /// The photo last read from this exact file, or nil when it changed, was never read, or the row is not sound.
    public func lookup(_ id: Identity) -> Photo? {
        lock.lock()
        defer { lock.unlock() }
        var json: String?
        reading { db throws(SQLiteFailure) in
            try db.query(
                "SELECT photo FROM files WHERE path = ? AND size = ? AND mtime = ? AND inode = ?",
                [.text(id.path), .int(id.size), .int(id.mtimeNanos), .int(id.inode)]
            ) { json = $0.text(0) }
        }
        return json.flatMap { Self.trusted($0, for: id) }
    }

    /// Remembers what was read from these files (one transaction).
    public func store(_ entries: [(Identity, Photo)]) throws {
        lock.lock()
        defer { lock.unlock() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let rows = try entries.map { id, photo in (id, String(decoding: try encoder.encode(photo), as: UTF8.self)) }
        try writing { db throws(SQLiteFailure) in
            for (id, json) in rows {
                try db.query(
                    "INSERT OR REPLACE INTO files(path, size, mtime, inode, photo) VALUES(?, ?, ?, ?, ?)",
                    [.text(id.path), .int(id.size), .int(id.mtimeNanos), .int(id.inode), .text(json)])
            }
        }
    }

    /// How many files the cache knows.
    public func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        var n: Int64 = 0
        reading { db throws(SQLiteFailure) in try db.query("SELECT count(*) FROM files") { n = $0.int(0) } }
        return Int(n)
    }
}
