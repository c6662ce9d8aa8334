import ApoloCore

/// Parses a project document straight into a `Project`, several times faster than `JSONDecoder`
/// (every command loads the whole document). Standard JSON; unknown keys are skipped. On any problem it
/// returns nil and the caller falls back to `JSONDecoder`, whose errors name the exact place.
struct DocumentReader {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    /// The document's bytes, kept by the photos it indexes.
    let owner: DocumentBytes?
    /// Facts the last photo checked left for its index entry.
    var newlines = 0
    var file = (start: 0, count: 0, escaped: false)
    var captured = (start: 0, count: -1, escaped: false)
    var modified = (start: 0, count: 0, escaped: false)
    var discarded = false
    var tagged = false
    /// Set when decoding a photo the index already checked: strings need no second UTF-8 check.
    var checked = false

    static func parse(_ bytes: [UInt8]) -> Project? { try? parse(DocumentBytes(copying: bytes)) }

    /// The project, its photos left in `document` until read; nil when the caller should ask `JSONDecoder`
    /// (which words the error), a problem for what `JSONDecoder` would accept but apolo must not.
    static func parse(_ document: DocumentBytes) throws(DocumentProblem) -> Project? {
        var reader = DocumentReader(b: document.buffer, owner: document)
        do { return try reader.project() } catch let twice as DuplicateKey {
            throw DocumentProblem("photo \(twice.key) appears twice in \"photos\"")
        } catch {
            return nil
        }
    }

    /// A key given twice in the photos object (JSONDecoder would keep one of them silently).
    struct DuplicateKey: Error {
        let key: String
    }

    init(b: UnsafeBufferPointer<UInt8>, owner: DocumentBytes? = nil) {
        self.b = b
        self.owner = owner
    }

    struct Failure: Error {}

    mutating func project() throws -> Project {
        var project = Project(name: "")
        var seen = Set<String>()
        try object { r, key in
            seen.insert(key)
            switch key {
            case "format": project.format = try r.string()
            case "version": project.version = try r.int()
            case "name": project.name = try r.string()
            case "photos": project.photos = try r.photos()
            case "shelves": project.shelves = try r.rows()
            case "albums": project.albums = try r.rows()
            default: try r.skip()
            }
        }
        guard seen.isSuperset(of: ["format", "version", "name", "photos", "shelves", "albums"]) else { throw Failure() }
        space()
        guard i == b.count else { throw Failure() }
        return project
    }

    /// A string without escapes, as a byte range (start, length); anything else is left to the slow path.
    mutating func rawKey() throws -> (Int, Int) {
        try expect(34)
        let start = i
        i = plainRun(from: i)
        try expect(34)
        return (start, i - 1 - start)
    }

    /// The end of the run of printable ASCII other than `"` and `\\` starting at `from`, eight bytes at a time.
    func plainRun(from start: Int) -> Int {
        var i = start
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(b.baseAddress!)
        while i + 8 <= b.count {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let quote = x ^ (ones &* 34), slash = x ^ (ones &* 92)
            let flagged = ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | ((x &- ones &* 32) & ~x) | x
            if flagged & high != 0 { break }
            i += 8
        }
        while i < b.count, b[i] >= 32, b[i] < 128, b[i] != 34, b[i] != 92 { i += 1 }
        return i
    }

    func named(_ name: StaticString, _ start: Int) -> Bool {
        let count = name.utf8CodeUnitCount
        for k in 0..<count where b[start + k] != name.utf8Start[k] { return false }
        return true
    }

    mutating func rows() throws -> [SlideRow] {
        var rows: [SlideRow] = []
        try array { r in
            var row = SlideRow(name: "")
            var required = 0
            try r.object { r, key in
                switch key {
                case "name": row.name = try r.string(); required |= 1
                case "slides": row.slides = try r.strings(); required |= 2
                default: try r.skip()
                }
            }
            guard required == 3 else { throw Failure() }
            rows.append(row)
        }
        return rows
    }

    mutating func strings() throws -> [String] {
        var values: [String] = []
        try array { r in values.append(try r.string()) }
        return values
    }

    // MARK: JSON grammar

    mutating func object(_ member: (inout DocumentReader, String) throws -> Void) throws {
        try expect(123)
        space()
        if peek() == 125 { i += 1; return }
        while true {
            space()
            let key = try string()
            space()
            try expect(58)
            space()
            try member(&self, key)
            space()
            if peek() == 44 { i += 1; continue }
            try expect(125)
            return
        }
    }

    mutating func array(_ element: (inout DocumentReader) throws -> Void) throws {
        try expect(91)
        space()
        if peek() == 93 { i += 1; return }
        while true {
            space()
            try element(&self)
            space()
            if peek() == 44 { i += 1; continue }
            try expect(93)
            return
        }
    }

    mutating func string() throws -> String {
        try expect(34)
        let start = i
        while true {
            i = plainRun(from: i)
            guard i < b.count, b[i] >= 128 else { break }
            i += 1
        }
        guard i < b.count, b[i] == 34 || b[i] == 92 else { throw Failure() }
        if b[i] == 34 {
            i += 1
            let bytes = UnsafeBufferPointer(rebasing: b[start..<(i - 1)])
            if checked { return String(decoding: bytes, as: UTF8.self) }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure() }
            return text
        }
        var bytes = Array(b[start..<i])
        while i < b.count, b[i] != 34 {
            if b[i] == 92 { try escape(into: &bytes) } else {
                guard b[i] >= 32 else { throw Failure() }
                bytes.append(b[i])
                i += 1
            }
        }
        try expect(34)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure() }
        return text
    }

    mutating func escape(into bytes: inout [UInt8]) throws {
        i += 1
        guard i < b.count else { throw Failure() }
        let c = b[i]
        i += 1
        switch c {
        case 34, 92, 47: bytes.append(c)
        case 98: bytes.append(8)
        case 102: bytes.append(12)
        case 110: bytes.append(10)
        case 114: bytes.append(13)
        case 116: bytes.append(9)
        case 117:
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar), peek() == 92, i + 1 < b.count, b[i + 1] == 117 {
                i += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw Failure() }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            bytes += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default: throw Failure()
        }
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count else { throw Failure() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let digit: UInt8
            switch c {
            case 48...57: digit = c - 48
            case 97...102: digit = c - 87
            case 65...70: digit = c - 55
            default: throw Failure()
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }

    mutating func int() throws -> Int {
        var negative = false
        if peek() == 45 { negative = true; i += 1 }
        let start = i
        var value = 0
        while i < b.count, (48...57).contains(b[i]) {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int(b[i] - 48))
            guard !o1, !o2 else { throw Failure() }
            value = a
            i += 1
        }
        guard i > start, peek() != 46, peek() != 101, peek() != 69, b[start] != 48 || i == start + 1 else { throw Failure() }
        return negative ? -value : value
    }

    mutating func bool() throws -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw Failure()
    }

    mutating func optionalString() throws -> String? { literal("null") ? nil : try string() }
    mutating func optionalInt() throws -> Int? { literal("null") ? nil : try int() }

    /// Skips any JSON value (for keys this version does not know).
    mutating func skip() throws {
        switch peek() {
        case 123: try object { r, _ in try r.skip() }
        case 91: try array { r in try r.skip() }
        case 34: _ = try string()
        case 116, 102: _ = try bool()
        case 110: guard literal("null") else { throw Failure() }
        default:
            let start = i
            while i < b.count, "+-.eE0123456789".utf8.contains(b[i]) { i += 1 }
            guard i > start else { throw Failure() }
        }
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    func peek() -> UInt8? { i < b.count ? b[i] : nil }

    mutating func expect(_ byte: UInt8) throws {
        guard i < b.count, b[i] == byte else { throw Failure() }
        i += 1
    }

    mutating func space() {
        while i < b.count, b[i] == 32 || b[i] == 10 || b[i] == 13 || b[i] == 9 {
            if b[i] == 10 { newlines += 1 }
            i += 1
        }
    }
}
