/// The JSON grammar the document reader is built on, over bytes in memory, as a protocol with default
/// methods so that the reader's own file holds only the project's schema. Every method throws `JSONFailure`
/// on anything it does not accept (the caller then asks `JSONDecoder` to word the error).
protocol JSONGrammar {
    var b: UnsafeBufferPointer<UInt8> { get }
    var i: Int { get set }
    /// Raw newlines skipped so far (a photo of apolo's layout holds none).
    var newlines: Int { get set }
    /// Set when the bytes were already checked: strings need no second UTF-8 check.
    var checked: Bool { get }
}

struct JSONFailure: Error {}

/// Nesting deeper than apolo's files ever have.
struct TooDeep: Error {}

extension JSONGrammar {
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
        guard let base = b.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
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

    @inline(__always)
    func named(_ name: StaticString, _ start: Int) -> Bool {
        let count = name.utf8CodeUnitCount
        for k in 0..<count where b[start + k] != name.utf8Start[k] { return false }
        return true
    }

    mutating func object(_ member: (inout Self, String) throws -> Void) throws {
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

    mutating func array(_ element: (inout Self) throws -> Void) throws {
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
        guard i < b.count, b[i] == 34 || b[i] == 92 else { throw JSONFailure() }
        if b[i] == 34 {
            i += 1
            let bytes = UnsafeBufferPointer(rebasing: b[start..<(i - 1)])
            if checked { return String(decoding: bytes, as: UTF8.self) }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw JSONFailure() }
            return text
        }
        var bytes = Array(b[start..<i])
        while i < b.count, b[i] != 34 {
            if b[i] == 92 {
                try escape(into: &bytes)
            } else {
                guard b[i] >= 32 else { throw JSONFailure() }
                bytes.append(b[i])
                i += 1
            }
        }
        try expect(34)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw JSONFailure() }
        return text
    }

    mutating func escape(into bytes: inout [UInt8]) throws {
        i += 1
        guard i < b.count else { throw JSONFailure() }
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
                guard (0xDC00..<0xE000).contains(low) else { throw JSONFailure() }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            bytes += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default: throw JSONFailure()
        }
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count else { throw JSONFailure() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let digit: UInt8
            switch c {
            case 48...57: digit = c - 48
            case 97...102: digit = c - 87
            case 65...70: digit = c - 55
            default: throw JSONFailure()
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
            guard !o1, !o2 else { throw JSONFailure() }
            value = a
            i += 1
        }
        guard i > start, peek() != 46, peek() != 101, peek() != 69, b[start] != 48 || i == start + 1 else {
            throw JSONFailure()
        }
        return negative ? -value : value
    }

    mutating func bool() throws -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw JSONFailure()
    }

    mutating func optionalString() throws -> String? { literal("null") ? nil : try string() }
    mutating func optionalInt() throws -> Int? { literal("null") ? nil : try int() }

    /// Skips any JSON value (for keys this version does not know).
    /// Skips a value of any kind; nesting deeper than `JSONInput.maxDepth` is refused (`TooDeep`), not recursed into.
    mutating func skip(depth: Int = 1) throws {
        guard depth <= JSONInput.maxDepth else { throw TooDeep() }
        switch peek() {
        case 123: try object { r, _ in try r.skip(depth: depth + 1) }
        case 91: try array { r in try r.skip(depth: depth + 1) }
        case 34: _ = try string()
        case 116, 102: _ = try bool()
        case 110: guard literal("null") else { throw JSONFailure() }
        default:
            let start = i
            while i < b.count, "+-.eE0123456789".utf8.contains(b[i]) { i += 1 }
            guard i > start else { throw JSONFailure() }
        }
    }

    @inline(__always)
    mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    @inline(__always)
    func peek() -> UInt8? { i < b.count ? b[i] : nil }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws {
        guard i < b.count, b[i] == byte else { throw JSONFailure() }
        i += 1
    }

    @inline(__always)
    mutating func space() {
        while i < b.count, b[i] == 32 || b[i] == 10 || b[i] == 13 || b[i] == 9 {
            if b[i] == 10 { newlines += 1 }
            i += 1
        }
    }
}
