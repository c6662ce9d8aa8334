/// HEIF (HEIC, AVIF): boxes within the file, the largest `ispe` size, and the `Exif` and XMP items.
///
/// Every size read from the file is hostile: a box is accepted only when it lies whole inside its parent, is at
/// least as long as its own header and so moves the walk forward; nesting is bounded; no sum or product of two
/// values from the file can overflow (32-byte files trapped or looped it before).
enum HEIFHeader {
    /// How deep containers may nest (real files use three levels: meta → iprp → ipco).
    static let maxDepth = 8

    /// One box: its type, where its body starts and where it ends (exclusive).
    struct Box {
        let type: String
        let body: Int
        let end: Int
    }

    static func parse(_ b: Bytes) -> Result<ImageHeader, InspectFailure> {
        var meta: Range<Int>?
        var at = 0
        while at < b.count {
            guard let box = box(b, at, limit: b.count) else {
                return .failure(InspectFailure("truncated HEIF (a box at byte \(at) runs past the end of the file)"))
            }
            if box.type == "meta" {
                guard box.body + 4 <= box.end else {
                    return .failure(InspectFailure("corrupt HEIF (its meta box is empty)"))
                }
                meta = (box.body + 4)..<box.end
            }
            at = box.end
        }
        guard let meta else { return .failure(InspectFailure("corrupt HEIF (no meta box)")) }
        let header = facts(b, meta)
        guard header.width != nil else { return .failure(InspectFailure("corrupt HEIF (no image size: no ispe box)")) }
        return .success(header)
    }

    /// Size, EXIF and XMP from the boxes of `meta`.
    private static func facts(_ b: Bytes, _ meta: Range<Int>) -> ImageHeader {
        var header = ImageHeader()
        var largest = -1
        var exifItem: Int?, xmpItem: Int?
        var locations: [Int: (Int, Int)] = [:]
        walk(b, meta, depth: 0) { box in
            switch box.type {
            case "ispe":
                guard let w = b.u32(box.body + 4), let h = b.u32(box.body + 8) else { break }
                let (area, overflow) = w.multipliedReportingOverflow(by: h)
                if overflow || area > largest {
                    largest = overflow ? Int.max : area
                    (header.width, header.height) = (w, h)
                }
            case "infe":
                let (id, kind) = item(b, box)
                if kind == "Exif" { exifItem = id }
                if kind == "xmp" { xmpItem = id }
            case "iloc": locations = itemLocations(b, box.body)
            default: break
            }
        }
        if let id = exifItem, let (offset, length) = locations[id], let skip = b.u32(offset) {
            var start = offset + 4 + skip
            if b.matches("Exif\u{0}\u{0}", at: start) { start += 6 }
            header.exif = b.slice(start, offset + length - start)
        }
        if let id = xmpItem, let (offset, length) = locations[id] { header.xmp = b.slice(offset, length) }
        return header
    }

    /// The box at `at`, or nil when it does not lie whole inside `limit` or is shorter than its own header.
    static func box(_ b: Bytes, _ at: Int, limit: Int) -> Box? {
        guard at >= 0, limit <= b.count, at <= limit - 8, let size = b.u32(at), let type = b.slice(at + 4, 4) else {
            return nil
        }
        var body = at + 8, length = size
        if size == 1 {  // a 64-bit size follows; apolo reads files of at most 2 GiB, so its high word must be 0
            guard let high = b.u32(at + 8), high == 0, let low = b.u32(at + 12) else { return nil }
            (body, length) = (at + 16, low)
        } else if size == 0 {  // to the end of the enclosing box (of the file at the top level)
            length = limit - at
        }
        guard length >= body - at, length <= limit - at else { return nil }
        return Box(type: String(decoding: type, as: UTF8.self), body: body, end: at + length)
    }

    /// Visits the boxes inside `range`, descending into the containers that hold item facts, at most `maxDepth`
    /// deep. Stops at the first box that does not fit.
    static func walk(_ b: Bytes, _ range: Range<Int>, depth: Int, _ visit: (Box) -> Void) {
        guard depth < maxDepth else { return }
        var at = range.lowerBound
        while at < range.upperBound, let box = box(b, at, limit: range.upperBound) {
            visit(box)
            switch box.type {
            case "iprp", "ipco": walk(b, box.body..<box.end, depth: depth + 1, visit)
            case "iinf":
                let start = box.body + ((b.u8(box.body) ?? 0) == 0 ? 6 : 8)
                if start <= box.end { walk(b, start..<box.end, depth: depth + 1, visit) }
            default: break
            }
            at = box.end
        }
    }

    /// An `infe` box's item id and kind: "Exif", "xmp" (a mime item of type application/rdf+xml) or nil.
    private static func item(_ b: Bytes, _ box: Box) -> (Int?, String?) {
        let version = b.u8(box.body) ?? 0
        guard version >= 2 else { return (nil, nil) }
        let id = version >= 3 ? b.u32(box.body + 4) : b.u16(box.body + 4)
        let kind = box.body + 4 + (version >= 3 ? 4 : 2) + 2
        if b.matches("Exif", at: kind) { return (id, "Exif") }
        guard b.matches("mime", at: kind) else { return (id, nil) }
        var at = kind + 4  // item name, NUL, then the content type
        while at < box.end, b.u8(at) != 0 { at += 1 }
        return (id, b.matches("application/rdf+xml", at: at + 1) ? "xmp" : nil)
    }

    /// Item id → (file offset, length) of its first extent, from an `iloc` box.
    private static func itemLocations(_ b: Bytes, _ body: Int) -> [Int: (Int, Int)] {
        guard let version = b.u8(body), let sizes = b.u16(body + 4) else { return [:] }
        let offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 0xF, baseSize = sizes >> 4 & 0xF
        let indexSize = version >= 1 ? sizes & 0xF : 0
        func read(_ at: Int, _ size: Int) -> Int? {
            switch size {
            case 0: return 0
            case 4: return b.u32(at)
            case 8: return b.u32(at) == 0 ? b.u32(at + 4) : nil
            default: return nil
            }
        }
        var at = body + 6
        let count = (version < 2 ? b.u16(at) : b.u32(at)) ?? 0
        at += version < 2 ? 2 : 4
        var result: [Int: (Int, Int)] = [:]
        for _ in 0..<count {
            guard let id = version < 2 ? b.u16(at) : b.u32(at) else { break }
            at += (version < 2 ? 2 : 4) + (version >= 1 ? 2 : 0) + 2
            guard let base = read(at, baseSize), let extents = b.u16(at + baseSize) else { break }
            at += baseSize + 2
            if extents > 0, let offset = read(at + indexSize, offsetSize),
                let length = read(at + indexSize + offsetSize, lengthSize)
            {
                result[id] = (base + offset, length)
            }
            at += extents * (indexSize + offsetSize + lengthSize)  // only the first extent is read
        }
        return result
    }
}
