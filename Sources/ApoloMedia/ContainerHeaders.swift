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
        guard let ifd = b.u32(4, littleEndian: le), let n = b.u16(ifd, littleEndian: le), ifd + 2 + 12 * n <= b.count
        else {
            return .failure(InspectFailure("truncated TIFF (the first directory lies past the end of the file)"))
        }
        var header = ImageHeader(exif: b.data, xmp: xmp(b))
        var fields: [Int: [Int]] = [:]
        for i in 0..<n {
            let entry = ifd + 2 + 12 * i
            guard let tag = b.u16(entry, littleEndian: le), let type = b.u16(entry + 2, littleEndian: le),
                let count = b.u32(entry + 4, littleEndian: le), [256, 257, 273, 279, 324, 325].contains(tag),
                type == 3 || type == 4, count < 1_000_000
            else { continue }
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
            let n = b.u16(ifd, littleEndian: le)
        else { return nil }
        for i in 0..<min(n, 1000) {
            let entry = ifd + 2 + 12 * i
            guard b.u16(entry, littleEndian: le) == 700, let type = b.u16(entry + 2, littleEndian: le),
                type == 1 || type == 7,
                let count = b.u32(entry + 4, littleEndian: le), count > 4, let at = b.u32(entry + 8, littleEndian: le)
            else { continue }
            return b.slice(at, count)
        }
        return nil
    }
}
