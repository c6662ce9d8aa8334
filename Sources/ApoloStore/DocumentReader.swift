import ApoloCore

/// Parses a project document straight into a `Project`, several times faster than `JSONDecoder`
/// (every command loads the whole document). Standard JSON; unknown keys are skipped. On any problem it
/// returns nil and the caller falls back to `JSONDecoder`, whose errors name the exact place.
struct DocumentReader {
    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0

    static func parse(_ bytes: [UInt8]) -> Project? {
        bytes.withUnsafeBufferPointer(parse)
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Project? {
        var reader = DocumentReader(b: buffer)
        return try? reader.project()
    }

    private init(b: UnsafeBufferPointer<UInt8>) { self.b = b }

    private struct Failure: Error {}

    private mutating func project() throws -> Project {
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

    /// Photos keyed by id; each photo's id must equal its key (the key's string is reused) and its rating be 0–5.
    private mutating func photos() throws -> [PhotoID: Photo] {
        var photos: [PhotoID: Photo] = [:]
        photos.reserveCapacity(b.count / 400)
        try object { r, key in photos[key] = try r.photo(key: key) }
        return photos
    }

    /// One photo object. Field names are matched as bytes (no String per key); the id is compared with the key in place.
    private mutating func photo(key: String) throws -> Photo {
        var p = Photo(id: key, file: "", path: "", bytes: -1, modified: "")
        var required = 0
        try expect(123)
        while true {
            space()
            let (start, length) = try rawKey()
            space()
            try expect(58)
            space()
            switch length {
            case 2 where named("id", start):
                let (at, n) = try rawKey()
                guard n == key.utf8.count, key.utf8.elementsEqual(b[at..<(at + n)]) else { throw Failure() }
                required |= 1
            case 4 where named("file", start): p.file = try string(); required |= 2
            case 4 where named("path", start): p.path = try string(); required |= 4
            case 5 where named("bytes", start): p.bytes = try int(); required |= 8
            case 8 where named("modified", start): p.modified = try string(); required |= 16
            case 6 where named("format", start): p.format = try string(); required |= 32
            case 11 where named("orientation", start): p.orientation = try int(); required |= 64
            case 4 where named("tags", start): p.tags = try strings(); required |= 128
            case 6 where named("rating", start):
                p.rating = try int()
                guard (0...5).contains(p.rating) else { throw Failure() }
                required |= 256
            case 9 where named("discarded", start): p.discarded = try bool(); required |= 512
            case 8 where named("captured", start): p.captured = try optionalString()
            case 4 where named("make", start): p.make = try optionalString()
            case 5 where named("model", start): p.model = try optionalString()
            case 5 where named("width", start): p.width = try optionalInt()
            case 6 where named("height", start): p.height = try optionalInt()
            default: try skip()
            }
            space()
            if peek() == 44 {
                i += 1
                continue
            }
            try expect(125)
            break
        }
        guard required == 1023 else { throw Failure() }
        return p
    }

    /// A string without escapes, as a byte range (start, length); anything else is left to the slow path.
    private mutating func rawKey() throws -> (Int, Int) {
        try expect(34)
        let start = i
        while i < b.count, b[i] != 34 {
            guard b[i] >= 32, b[i] != 92, b[i] < 128 else { throw Failure() }
            i += 1
        }
        try expect(34)
        return (start, i - 1 - start)
    }

    private func named(_ name: StaticString, _ start: Int) -> Bool {
        let count = name.utf8CodeUnitCount
        for k in 0..<count where b[start + k] != name.utf8Start[k] { return false }
        return true
    }

    private mutating func rows() throws -> [SlideRow] {
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

    private mutating func strings() throws -> [String] {
        var values: [String] = []
        try array { r in values.append(try r.string()) }
        return values
    }

    // MARK: JSON grammar

    private mutating func object(_ member: (inout DocumentReader, String) throws -> Void) throws {
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

    private mutating func array(_ element: (inout DocumentReader) throws -> Void) throws {
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

    private mutating func string() throws -> String {
        try expect(34)
        let start = i
        while i < b.count, b[i] != 34, b[i] != 92 {
            guard b[i] >= 32 else { throw Failure() }
            i += 1
        }
        guard i < b.count else { throw Failure() }
        if b[i] == 34 {
            i += 1
            guard let text = String(validating: UnsafeBufferPointer(rebasing: b[start..<(i - 1)]), as: UTF8.self) else { throw Failure() }
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

    private mutating func escape(into bytes: inout [UInt8]) throws {
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

    private mutating func hex4() throws -> UInt32 {
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

    private mutating func int() throws -> Int {
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

    private mutating func bool() throws -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw Failure()
    }

    private mutating func optionalString() throws -> String? { literal("null") ? nil : try string() }
    private mutating func optionalInt() throws -> Int? { literal("null") ? nil : try int() }

    /// Skips any JSON value (for keys this version does not know).
    private mutating func skip() throws {
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

    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    private func peek() -> UInt8? { i < b.count ? b[i] : nil }

    private mutating func expect(_ byte: UInt8) throws {
        guard i < b.count, b[i] == byte else { throw Failure() }
        i += 1
    }

    private mutating func space() {
        while i < b.count, b[i] == 32 || b[i] == 10 || b[i] == 13 || b[i] == 9 { i += 1 }
    }
}
