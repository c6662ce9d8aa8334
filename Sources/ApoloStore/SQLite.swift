import CSQLite
#if canImport(Glibc)
    import Glibc
#endif

/// A failed SQLite call: its extended result code, the errno beneath it, and SQLite's words.
struct SQLiteFailure: Error, CustomStringConvertible {
    let code: Int32
    let systemErrno: Int32
    let message: String

    /// True when the file itself is damaged or is no database: it can be set aside and made anew.
    var corrupt: Bool { code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB }

    /// What went wrong, as the user can act on it (a full disk is a full disk, never "corrupt").
    var description: String {
        switch code & 0xFF {
        case SQLITE_FULL,
            _ where systemErrno == ENOSPC:
            return "the disk is full (no space left on device): free some space and run the command again; "
                + "the cache was kept"
        case _ where systemErrno == EACCES || systemErrno == EPERM || code & 0xFF == SQLITE_PERM:
            return "permission denied (\(message))"
        case SQLITE_READONLY: return "it cannot be written here (\(message))"
        case SQLITE_IOERR: return "the disk reported an error (\(systemErrno > 0 ? errnoText(systemErrno) : message))"
        default: return message
        }
    }
}

/// A minimal SQLite connection: one owner of the C handle, statements finalized as they finish. The file is
/// opened without following a link (a link in its place is refused, never written through).
final class SQLite {
    private let handle: OpaquePointer

    init(path: String) throws(SQLiteFailure) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else {
            let failure =
                db.map(Self.failure)
                ?? SQLiteFailure(code: SQLITE_CANTOPEN, systemErrno: 0, message: "cannot open")
            sqlite3_close(db)
            throw failure
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
    }

    deinit { sqlite3_close(handle) }

    private static func failure(_ db: OpaquePointer) -> SQLiteFailure {
        SQLiteFailure(
            code: sqlite3_extended_errcode(db), systemErrno: sqlite3_system_errno(db),
            message: String(cString: sqlite3_errmsg(db)))
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(SQLiteFailure) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw Self.failure(handle) }
    }

    /// Runs one statement with its parameters, calling `row` for each result row.
    func query(_ sql: String, _ parameters: [Value] = [], row: (Row) -> Void = { _ in }) throws(SQLiteFailure) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Self.failure(handle)
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, value) in parameters.enumerated() {
            switch value {
            case .int(let n): sqlite3_bind_int64(statement, Int32(i + 1), n)
            case .text(let s): sqlite3_bind_text(statement, Int32(i + 1), s, -1, transient)
            case .real(let x): sqlite3_bind_double(statement, Int32(i + 1), x)
            case .bytes(let b):
                _ = b.withUnsafeBytes {
                    sqlite3_bind_blob(
                        statement, Int32(i + 1), $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                        Int32($0.count), transient)
                }
            }
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw Self.failure(handle) }
            row(Row(statement: statement))
        }
    }

    /// A bound parameter.
    enum Value {
        case int(Int64)
        case text(String)
        case real(Double)
        case bytes([UInt8])
    }

    /// The current row of a query.
    struct Row {
        let statement: OpaquePointer
        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        func text(_ column: Int32) -> String {
            sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
        }
        /// A column's bytes (a blob's, or a text's UTF-8), at most `limit` of them: nil when longer.
        func bytes(_ column: Int32, limit: Int) -> [UInt8]? {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count <= limit else { return nil }
            guard count > 0, let base = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }
    }
}
