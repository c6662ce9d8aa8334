import ApoloCore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Opening the cache, and setting it aside when it is damaged (a link in
/// its place was written through, a full disk was taken for corruption, a damaged page failed every import).
extension MetadataCache {
    /// The files SQLite keeps for the cache: the database, its write-ahead log, its shared memory, its journal.
    static let suffixes = ["", "-wal", "-shm", "-journal"]

    /// A cache that is not apolo's: another schema version, or tables apolo never makes.
    struct Foreign: Error, CustomStringConvertible {
        let description: String
    }

    /// The cache at `path`, made anew (the old files renamed aside, with a warning) when any of its files is a link
    /// or no regular file, or the database is damaged or foreign. Any other failure (a full disk, a permission, an
    /// I/O error) is thrown as a storage error in words, and nothing is moved.
    static func openOrRecover(_ path: String, warnings: inout [String]) throws -> SQLite {
        for suffix in suffixes {
            var info = stat()
            guard lstat(FileNames.bytes(of: path + suffix), &info) == 0, info.st_mode & S_IFMT != S_IFREG else {
                continue
            }
            let kind = info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a regular file"
            warnings.append(setAside(path, reason: "\(path + suffix) is \(kind), which apolo never makes"))
        }
        do {
            return try open(path)
        } catch let failure as SQLiteFailure where failure.corrupt {
            warnings.append(setAside(path, reason: "it is damaged (\(failure.message))"))
        } catch let foreign as Foreign {
            warnings.append(setAside(path, reason: foreign.description))
        } catch let failure as SQLiteFailure {
            throw StoreError.io(path: path, problem: failure.description)
        }
        do { return try open(path) } catch let failure as SQLiteFailure {
            throw StoreError.io(path: path, problem: failure.description)
        }
    }

    /// Renames the cache's files aside (links themselves, never what they point to); the warning to show.
    static func setAside(_ path: String, reason: String) -> String {
        let aside = path + ".broken-\(Int(Date().timeIntervalSince1970))"
        for suffix in suffixes { _ = rename(FileNames.bytes(of: path + suffix), FileNames.bytes(of: aside + suffix)) }
        return "the cache \(path) could not be used: \(reason); moved it to \(aside) and started a new one"
    }

    private static func open(_ path: String) throws -> SQLite {
        let db = try SQLite(path: path)
        var version: Int64 = -1
        try db.query("PRAGMA user_version") { version = $0.int(0) }
        if version == 2 {  // version 2 had no faces, nor a table of photos that could not be measured
            try db.execute(
                """
                ALTER TABLE signals ADD COLUMN faces TEXT;
                CREATE TABLE IF NOT EXISTS unmeasured(photo TEXT PRIMARY KEY, version INTEGER, reason TEXT);
                """)
            version = 3
        }
        if version == 3 {  // version 3 had no looks (its dHash column stays, unused: its rows are measured again)
            try db.execute("ALTER TABLE signals ADD COLUMN look BLOB;")
            version = 4
        }
        if version == 4 {  // version 4 did not say which photos were looked at whole for small faces
            try db.execute("ALTER TABLE signals ADD COLUMN small INTEGER;")
            version = 5
        }
        if version == 5 {  // version 5 had no crispest region nor brightest level (its rows are measured again)
            try db.execute(
                """
                ALTER TABLE signals ADD COLUMN peak REAL; ALTER TABLE signals ADD COLUMN bright INTEGER;
                ALTER TABLE signals ADD COLUMN dark INTEGER;
                """)
            version = 6
        }
        if version == 6 {  // version 6 kept no faces other programs named
            try db.execute(
                """
                CREATE TABLE IF NOT EXISTS peerfaces(photo TEXT PRIMARY KEY, faces TEXT);
                PRAGMA user_version=\(schemaVersion);
                """)
        } else if version == 0 || version == 1 {
            var others: [String] = []
            try db.query(
                """
                SELECT name FROM sqlite_master WHERE type = 'table'
                    AND name NOT IN ('files', 'signals', 'unmeasured', 'peerfaces')
                """
            ) {
                others.append($0.text(0))
            }
            if !others.isEmpty { throw Foreign(description: "it holds tables apolo never makes (\(others.prefix(3)))") }
            // version 1 had no signals: the table is added, what it knew of files is kept
            try db.execute(
                """
                PRAGMA journal_mode=WAL;
                CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, size INTEGER, mtime INTEGER,
                        inode INTEGER, photo TEXT);
                CREATE TABLE IF NOT EXISTS signals(photo TEXT PRIMARY KEY, version INTEGER, sharpness REAL,
                        region INTEGER, highlights REAL, shadows REAL, faces TEXT, look BLOB, small INTEGER,
                        peak REAL, bright INTEGER, dark INTEGER);
                CREATE TABLE IF NOT EXISTS unmeasured(photo TEXT PRIMARY KEY, version INTEGER, reason TEXT);
                CREATE TABLE IF NOT EXISTS peerfaces(photo TEXT PRIMARY KEY, faces TEXT);
                PRAGMA user_version=\(schemaVersion);
                """)
        } else if version != schemaVersion {
            throw Foreign(description: "schema version \(version), expected \(schemaVersion)")
        }
        try db.query("SELECT count(*) FROM files")
        try db.query("SELECT count(*) FROM signals")
        try db.query("SELECT count(*) FROM unmeasured")
        try db.query("SELECT count(*) FROM peerfaces")
        return db
    }

    /// Runs a read under `lock`'s holder; a damaged page sets the cache aside (the read then finds nothing).
    func reading(_ body: (SQLite) throws(SQLiteFailure) -> Void) {
        do { try body(db) } catch  where error.corrupt { recover(error) } catch {}
    }

    /// Runs a write in one transaction; a damaged page sets the cache aside and the write is made in the new one.
    /// Other failures are storage errors in words.
    func writing(_ body: (SQLite) throws(SQLiteFailure) -> Void) throws {
        func attempt() throws(SQLiteFailure) {
            try db.execute("BEGIN")
            do {
                try body(db)
                try db.execute("COMMIT")
            } catch {
                try? db.execute("ROLLBACK")  // a failed write (a full disk) leaves no transaction open
                throw error
            }
        }
        do { try attempt() } catch  where error.corrupt {
            recover(error)
            do { try attempt() } catch { throw StoreError.io(path: path, problem: error.description) }
        } catch {
            throw StoreError.io(path: path, problem: error.description)
        }
    }

    private func recover(_ failure: SQLiteFailure) {
        let warning = Self.setAside(path, reason: "a damaged page was met (\(failure.message))")
        if let fresh = try? Self.openOrRecover(path, warnings: &warnings) {
            db = fresh
            warnings.append(warning)
        }
    }
}
