import CSQLite

/// A minimal SQLite connection: one owner of the C handle, statements finalized as they finish.
final class SQLite {
    private let handle: OpaquePointer

    init(path: String) throws(StoreError) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw StoreError.io(path: path, problem: message)
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
    }

    deinit { sqlite3_close(handle) }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(StoreError) {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "error"
            sqlite3_free(error)
            throw StoreError.io(path: "cache", problem: message)
        }
    }

    /// Runs one statement with text/integer parameters, calling `row` for each result row.
    func query(_ sql: String, _ parameters: [Value] = [], row: (Row) -> Void = { _ in }) throws(StoreError) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StoreError.io(path: "cache", problem: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, value) in parameters.enumerated() {
            switch value {
            case .int(let n): sqlite3_bind_int64(statement, Int32(i + 1), n)
            case .text(let s): sqlite3_bind_text(statement, Int32(i + 1), s, -1, transient)
            case .real(let x): sqlite3_bind_double(statement, Int32(i + 1), x)
            }
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw StoreError.io(path: "cache", problem: String(cString: sqlite3_errmsg(handle))) }
            row(Row(statement: statement))
        }
    }

    /// A bound parameter.
    enum Value {
        case int(Int64)
        case text(String)
        case real(Double)
    }

    /// The current row of a query.
    struct Row {
        let statement: OpaquePointer
        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        func text(_ column: Int32) -> String { sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "" }
    }
}
