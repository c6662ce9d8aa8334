import ApoloCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The document's `photos` object: checked in full on load, decoded photo by photo when read.
extension DocumentReader {
    /// How a photo's key was read: as text (slow path) or as a byte range of the document.
    enum Key {
        case text(String)
        case bytes(start: Int, count: Int)
    }

    /// Photos keyed by id. The layout apolo writes (one photo per line, keys in byte order, no escapes in
    /// keys) is indexed without building a photo; anything else valid is decoded in full.
    mutating func photos() throws -> Photos {
        let start = i
        if let owner, owner.buffer.count < Int32.max, let entries = try? indexed() {
            return Photos(source: DocumentPhotos(bytes: owner, entries: entries))
        }
        i = start
        var photos: [PhotoID: Photo] = [:]
        try object { r, key in
            guard photos.updateValue(try r.photo(key: .text(key), build: true), forKey: key) == nil else {
                throw DuplicateKey(key: key)
            }
        }
        return Photos(photos)
    }

    /// A string (see `text`) and where its content lies in the document, and whether it holds escapes.
    private mutating func notedText(_ build: Bool) throws -> (String, (start: Int, count: Int, escaped: Bool)) {
        let quote = i
        let text = try text(build)
        let count = i - 2 - quote
        return (text, (quote + 1, count, count > 0 && memchr(b.baseAddress! + quote + 1, 92, count) != nil))
    }

    /// Decodes one indexed photo (already checked, so a failure means the index is wrong).
    static func photo(in buffer: UnsafeBufferPointer<UInt8>, entry: DocumentPhotos.Entry) throws -> Photo {
        var reader = DocumentReader(b: buffer)
        reader.i = Int(entry.value)
        reader.checked = true
        return try reader.photo(key: .bytes(start: Int(entry.key), count: Int(entry.keyCount)), build: true)
    }

    /// One photo object, checked in full; `build` false makes no String and returns a placeholder.
    /// Field names are matched as bytes; the `id` field must equal the key and the rating be 0–5.
    mutating func photo(key: Key, build: Bool) throws -> Photo {
        var p = Photo(id: "", file: "", path: "", bytes: -1, modified: "")
        var required = 0
        discarded = false
        tagged = false
        paired = false
        captured = (0, -1, false)
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
                guard matches(key, at, n), isHexID(at, n) else { throw JSONFailure() }
                if build { p.id = String(decoding: b[at..<(at + n)], as: UTF8.self) }
                required |= 1
            case 4 where named("file", start): (p.file, file) = try notedText(build); required |= 2
            case 4 where named("path", start): p.path = try text(build); required |= 4
            case 5 where named("bytes", start): p.bytes = try int(); required |= 8
            case 8 where named("modified", start): (p.modified, modified) = try notedText(build); required |= 16
            case 6 where named("format", start): p.format = try text(build); required |= 32
            case 11 where named("orientation", start): p.orientation = try int(); required |= 64
            case 4 where named("tags", start): p.tags = try texts(build); required |= 128
            case 6 where named("rating", start):
                p.rating = try int()
                guard (0...5).contains(p.rating) else { throw JSONFailure() }
                rating = p.rating
                required |= 256
            case 9 where named("discarded", start): p.discarded = try bool(); discarded = p.discarded; required |= 512
            case 8 where named("captured", start):
                if literal("null") {
                    (p.captured, captured) = (nil, (0, -1, false))
                } else {
                    (p.captured, captured) = try notedText(build)
                }
            case 4 where named("make", start): p.make = literal("null") ? nil : try text(build)
            case 5 where named("model", start): p.model = literal("null") ? nil : try text(build)
            case 6 where named("serial", start): p.serial = literal("null") ? nil : try text(build)
            case 7 where named("shifted", start): p.shifted = try optionalInt()
            case 5 where named("width", start): p.width = try optionalInt()
            case 6 where named("height", start): p.height = try optionalInt()
            case 8 where named("exposure", start): p.exposure = literal("null") ? nil : try text(build)
            case 8 where named("aperture", start): p.aperture = literal("null") ? nil : try text(build)
            case 3 where named("iso", start): p.iso = try optionalInt()
            case 5 where named("focal", start): p.focal = literal("null") ? nil : try text(build)
            case 4 where named("lens", start): p.lens = literal("null") ? nil : try text(build)
            case 5 where named("label", start):
                if !literal("null") {
                    let word = try text(true)
                    guard let colour = ColourLabel(rawValue: word) else { throw JSONFailure() }
                    p.label = colour
                }
            case 4 where named("meta", start): p.meta = literal("null") ? nil : try meta(build)
            case 4 where named("pair", start):
                p.pair = literal("null") ? nil : try pair(build)
                paired = p.pair != nil
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
        guard required == 1023 else { throw JSONFailure() }
        return p
    }

    /// True for 64 lowercase hex digits at `at`, eight bytes at a time (every load reads 50,000 of them).
    private func isHexID(_ at: Int, _ n: Int) -> Bool {
        guard n == 64, let base = b.baseAddress else { return false }
        let raw = UnsafeRawPointer(base + at), high: UInt64 = 0x8080_8080_8080_8080,
            ones: UInt64 = 0x0101_0101_0101_0101
        for k in stride(from: 0, to: 64, by: 8) {
            let x = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            guard x & high == 0 else { return false }  // below 0x80, so adding to a byte never carries into the next
            let digit = (x &+ ones &* 0x50) & ~(x &+ ones &* 0x46) & high  // 0x30…0x39
            let letter = (x &+ ones &* 0x1F) & ~(x &+ ones &* 0x19) & high  // 0x61…0x66
            guard digit | letter == high else { return false }
        }
        return true
    }

    /// True when the key equals the `id` field's bytes at `at`.
    private func matches(_ key: Key, _ at: Int, _ n: Int) -> Bool {
        switch key {
        case .bytes(let start, let count):
            return count == n && (n == 0 || memcmp(b.baseAddress! + start, b.baseAddress! + at, n) == 0)
        case .text(var text):
            return text.withUTF8 { $0.count == n && (n == 0 || memcmp($0.baseAddress!, b.baseAddress! + at, n) == 0) }
        }
    }

    /// Byte order of two keys in the document.
    func precedes(_ a: Int, _ an: Int, _ c: Int, _ cn: Int) -> Bool {
        let order = memcmp(b.baseAddress! + a, b.baseAddress! + c, min(an, cn))
        return order != 0 ? order < 0 : an < cn
    }

    /// A string, or when not building only checked (no String made unless it holds escapes).
    private mutating func text(_ build: Bool) throws -> String {
        if build { return try string() }
        try expect(34)
        let start = i
        var ascii = true
        while true {
            i = plainRun(from: i)
            guard i < b.count, b[i] != 34 else { break }
            let c = b[i]
            if c == 92 {
                i = start - 1
                _ = try string()
                return ""
            }
            guard c >= 32 else { throw JSONFailure() }
            if c >= 128 { ascii = false }
            i += 1
        }
        try expect(34)
        if !ascii, String(validating: b[start..<(i - 1)], as: UTF8.self) == nil { throw JSONFailure() }
        return ""
    }

    /// A pair object: `{"bytes": N, "file": "…", "id": "…", "path": "…"}`, every key required (pairs are few:
    /// the general `object` reader does).
    private mutating func pair(_ build: Bool) throws -> Pair {
        var pair = Pair(id: "", file: "", path: "", bytes: 0), required = 0
        try object { r, key in
            switch key {
            case "id": pair.id = try r.text(build); required |= 1
            case "file": pair.file = try r.text(build); required |= 2
            case "path": pair.path = try r.text(build); required |= 4
            case "bytes": pair.bytes = try r.int(); required |= 8
            default: try r.skip()
            }
        }
        guard required == 15 else { throw JSONFailure() }
        return pair
    }

    /// The IPTC fields: an object of strings; a key apolo does not know (a newer version's) or a value over its
    /// field's limit makes the document unusable rather than silently lost on the next save.
    private mutating func meta(_ build: Bool) throws -> [String: String]? {
        var values: [String: String] = [:]
        try object { r, key in
            guard let field = MetaField(rawValue: key) else { throw JSONFailure() }
            let text = try r.text(true)
            guard text.count <= field.limit else { throw JSONFailure() }
            values[key] = text
        }
        return build && !values.isEmpty ? values : nil
    }

    private mutating func texts(_ build: Bool) throws -> [String] {
        var values: [String] = []
        try array { r in
            let text = try r.text(build)
            if build { values.append(text) }
            r.tagged = true
        }
        return values
    }
}
