/// WebP: RIFF size within the file, VP8/VP8L/VP8X size, and an EXIF chunk.
enum WebPHeader {
    static func parse(_ b: Bytes) -> Result<ImageHeader, InspectFailure> {
        guard let riff = b.u32(4, littleEndian: true), riff + 8 <= b.count else {
            return .failure(InspectFailure("truncated WebP (the RIFF size is larger than the file)"))
        }
        var header = ImageHeader()
        var at = 12
        while at + 8 <= riff + 8 {
            guard let size = b.u32(at + 4, littleEndian: true), at + 8 + size <= b.count else {
                return .failure(InspectFailure("truncated WebP (chunk at byte \(at) runs past the end of the file)"))
            }
            let body = at + 8
            switch String(decoding: b.slice(at, 4) ?? [], as: UTF8.self) {
            case "VP8X":
                header.width = b.u24le(body + 4).map { $0 + 1 }
                header.height = b.u24le(body + 7).map { $0 + 1 }
            case "VP8 " where header.width == nil:
                header.width = b.u16(body + 6, littleEndian: true).map { $0 & 0x3FFF }
                header.height = b.u16(body + 8, littleEndian: true).map { $0 & 0x3FFF }
            case "VP8L" where header.width == nil:
                if let b1 = b.u8(body + 1), let b2 = b.u8(body + 2), let b3 = b.u8(body + 3), let b4 = b.u8(body + 4) {
                    header.width = 1 + ((b2 & 0x3F) << 8 | b1)
                    header.height = 1 + ((b4 & 0x0F) << 10 | b3 << 2 | (b2 & 0xC0) >> 6)
                }
            case "EXIF":
                let skip = b.matches("Exif\u{0}\u{0}", at: body) ? 6 : 0
                header.exif = b.slice(body + skip, size - skip)
            case "XMP ": header.xmp = b.slice(body, size)
            default: break
            }
            at = body + size + (size & 1)
        }
        return header.width == nil ? .failure(InspectFailure("corrupt WebP (no image chunk)")) : .success(header)
    }
}

/// TIFF (and TIFF-based raw files): IFD0 size, strips or tiles within the file; the whole file is its EXIF.
enum TIFFHeader {
    static func parse(_ b: Bytes) -> Result<ImageHeader, InspectFailure> {
        let le = b.matches("II", at: 0)
        guard let ifd = b.u32(4, littleEndian: le), let n = b.u16(ifd, littleEndian: le), ifd + 2 + 12 * n <= b.count else {
            return .failure(InspectFailure("truncated TIFF (the first directory lies past the end of the file)"))
        }
        var header = ImageHeader(exif: b.data, xmp: xmp(b))
        var fields: [Int: [Int]] = [:]
        for i in 0..<n {
            let entry = ifd + 2 + 12 * i
            guard let tag = b.u16(entry, littleEndian: le), let type = b.u16(entry + 2, littleEndian: le),
                  let count = b.u32(entry + 4, littleEndian: le), [256, 257, 273, 279, 324, 325].contains(tag),
                  type == 3 || type == 4, count < 1_000_000 else { continue }
            let size = type == 3 ? 2 : 4
            let base = count * size <= 4 ? entry + 8 : (b.u32(entry + 8, littleEndian: le) ?? Int.max / 2)
            fields[tag] = (0..<count).compactMap { k in
                size == 2 ? b.u16(base + k * 2, littleEndian: le) : b.u32(base + k * 4, littleEndian: le)
            }
        }
        header.width = fields[256]?.first
        header.height = fields[257]?.first
        for (offsets, counts) in [(273, 279), (324, 325)] {
            guard let starts = fields[offsets], let lengths = fields[counts] else { continue }
            if zip(starts, lengths).contains(where: { $0 + $1 > b.count }) {
                return .failure(InspectFailure("truncated TIFF (image data runs past the end of the file)"))
            }
        }
        return .success(header)
    }
}

extension TIFFHeader {
    /// The XMP packet of IFD0 (tag 700), in a TIFF or a TIFF-based raw.
    static func xmp(_ b: Bytes) -> [UInt8]? {
        let le = b.matches("II", at: 0)
        guard b.matches("II*\u{0}", at: 0) || b.matches("MM\u{0}*", at: 0), let ifd = b.u32(4, littleEndian: le),
              let n = b.u16(ifd, littleEndian: le) else { return nil }
        for i in 0..<min(n, 1000) {
            let entry = ifd + 2 + 12 * i
            guard b.u16(entry, littleEndian: le) == 700, let type = b.u16(entry + 2, littleEndian: le), type == 1 || type == 7,
                  let count = b.u32(entry + 4, littleEndian: le), count > 4, let at = b.u32(entry + 8, littleEndian: le) else { continue }
            return b.slice(at, count)
        }
        return nil
    }
}

/// HEIF (HEIC, AVIF): boxes within the file, the largest `ispe` size, and the `Exif` item.
enum HEIFHeader {
    static func parse(_ b: Bytes) -> Result<ImageHeader, InspectFailure> {
        var header = ImageHeader()
        var meta: Range<Int>?
        var at = 0
        while at < b.count {
            guard let (type, body, end) = box(b, at), end <= b.count else {
                return .failure(InspectFailure("truncated HEIF (a box runs past the end of the file)"))
            }
            if type == "meta" { meta = (body + 4)..<end }
            at = end
        }
        guard let meta else { return .failure(InspectFailure("corrupt HEIF (no meta box)")) }
        var largest = 0
        var exifItem: Int?, xmpItem: Int?
        var locations: [Int: (Int, Int)] = [:]
        walk(b, meta) { type, body, end in
            switch type {
            case "ispe":
                if let w = b.u32(body + 4), let h = b.u32(body + 8), w * h > largest {
                    largest = w * h
                    header.width = w
                    header.height = h
                }
            case "infe":
                let version = b.u8(body) ?? 0
                let idSize = version >= 3 ? 4 : 2
                let id = idSize == 4 ? b.u32(body + 4) : b.u16(body + 4)
                let kind = body + 4 + idSize + 2
                if version >= 2, b.matches("Exif", at: kind) { exifItem = id }
                if version >= 2, b.matches("mime", at: kind) {   // item name, NUL, then the content type
                    var at = kind + 4
                    while at < end, b.u8(at) != 0 { at += 1 }
                    if b.matches("application/rdf+xml", at: at + 1) { xmpItem = id }
                }
            case "iloc": locations = itemLocations(b, body)
            default: break
            }
        }
        if let id = exifItem, let location = locations[id], let skip = b.u32(location.0) {
            var start = location.0 + 4 + skip
            if b.matches("Exif\u{0}\u{0}", at: start) { start += 6 }
            header.exif = b.slice(start, location.0 + location.1 - start)
        }
        if let id = xmpItem, let location = locations[id] { header.xmp = b.slice(location.0, location.1) }
        return .success(header)
    }

    /// The type, body start and end of the box at `at`.
    private static func box(_ b: Bytes, _ at: Int) -> (String, Int, Int)? {
        guard let size = b.u32(at), let type = b.slice(at + 4, 4) else { return nil }
        let name = String(decoding: type, as: UTF8.self)
        if size == 1, let hi = b.u32(at + 8), let lo = b.u32(at + 12) { return (name, at + 16, at + (hi << 32 | lo)) }
        if size == 0 { return (name, at + 8, b.count) }
        return size >= 8 ? (name, at + 8, at + size) : nil
    }

    /// Visits boxes inside `range`, descending into the containers that hold item facts.
    private static func walk(_ b: Bytes, _ range: Range<Int>, _ visit: (String, Int, Int) -> Void) {
        var at = range.lowerBound
        while at < range.upperBound, let (type, body, end) = box(b, at), end <= range.upperBound {
            visit(type, body, end)
            switch type {
            case "iprp", "ipco": walk(b, body..<end, visit)
            case "iinf":
                let version = b.u8(body) ?? 0
                walk(b, (body + (version == 0 ? 6 : 8))..<end, visit)
            default: break
            }
            at = end
        }
    }

    /// Item id → (file offset, length) of its first extent, from an `iloc` box.
    private static func itemLocations(_ b: Bytes, _ body: Int) -> [Int: (Int, Int)] {
        guard let version = b.u8(body), let sizes = b.u16(body + 4) else { return [:] }
        let offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 0xF, baseSize = sizes >> 4 & 0xF
        let indexSize = version >= 1 ? sizes & 0xF : 0
        func read(_ at: Int, _ size: Int) -> Int? { size == 0 ? 0 : size == 4 ? b.u32(at) : size == 8 ? b.u32(at + 4) : nil }
        var at = body + 6
        let count = version < 2 ? b.u16(at) : b.u32(at)
        at += version < 2 ? 2 : 4
        var result: [Int: (Int, Int)] = [:]
        for _ in 0..<(count ?? 0) {
            guard let id = version < 2 ? b.u16(at) : b.u32(at) else { break }
            at += (version < 2 ? 2 : 4) + (version >= 1 ? 2 : 0) + 2
            guard let base = read(at, baseSize), let extents = b.u16(at + baseSize) else { break }
            at += baseSize + 2
            for k in 0..<extents {
                guard let offset = read(at + indexSize, offsetSize), let length = read(at + indexSize + offsetSize, lengthSize) else { break }
                if k == 0 { result[id] = (base + offset, length) }
                at += indexSize + offsetSize + lengthSize
            }
        }
        return result
    }
}
