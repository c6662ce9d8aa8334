import ApoloFixtures

/// Minimal containers of each format, built byte by byte, for header tests.
enum Build {
    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    static func le32(_ v: Int) -> [UInt8] { be32(v).reversed() }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }

    static func png(width: Int, height: Int, exif: [UInt8]? = nil, end: Bool = true) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        if let exif { out += chunk("eXIf", exif) }
        out += chunk("IDAT", [1, 2, 3, 4])
        if end { out += chunk("IEND", []) }
        return out
    }

    static func webp(width: Int, height: Int, exif: [UInt8]? = nil) -> [UInt8] {
        var chunks: [UInt8] =
            Array("VP8X".utf8) + le32(10) + [0x08, 0, 0, 0] + Array(le32(width - 1).prefix(3))
            + Array(le32(height - 1).prefix(3))
        chunks += Array("VP8L".utf8) + le32(6) + [0x2F, 0, 0, 0, 0, 0]
        if let exif { chunks += Array("EXIF".utf8) + le32(exif.count) + exif + (exif.count % 2 == 1 ? [0] : []) }
        return Array("RIFF".utf8) + le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// A little-endian TIFF with width, height and one strip of `stripLength` bytes at the end.
    static func tiff(width: Int, height: Int, stripLength: Int, cut: Int = 0) -> [UInt8] {
        let entries: [(Int, Int, Int)] = [
            (256, 4, width), (257, 4, height), (273, 4, 8 + 2 + 12 * 4 + 4), (279, 4, stripLength)
        ]
        var out: [UInt8] = Array("II".utf8) + [42, 0] + le32(8) + le16(entries.count)
        for (tag, type, value) in entries { out += le16(tag) + le16(type) + le32(1) + le32(value) }
        out += le32(0) + [UInt8](repeating: 0x80, count: stripLength)
        return Array(out.dropLast(cut))
    }

    /// A HEIC skeleton: ftyp, meta (iinf with an Exif item, iloc, iprp/ipco/ispe) and mdat holding the EXIF.
    static func heic(width: Int, height: Int, exif: [UInt8]) -> [UInt8] {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let infe = box("infe", [2, 0, 0, 0] + [0, 1] + [0, 0] + Array("Exif".utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0] + [0, 1] + infe)
        let ispe = box("ispe", [0, 0, 0, 0] + be32(width) + be32(height))
        let iprp = box("iprp", box("ipco", ispe))
        let payload = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + exif
        func meta(_ offset: Int) -> [UInt8] {
            let iloc = box(
                "iloc",
                [0, 0, 0, 0] + [0x44, 0x00] + [0, 1] + [0, 1] + [0, 0] + [0, 1] + be32(offset) + be32(payload.count))
            return box("meta", [0, 0, 0, 0] + iinf + iloc + iprp)
        }
        let offset = ftyp.count + meta(0).count + 8
        return ftyp + meta(offset) + box("mdat", payload)
    }

    static func exif(_ fields: ExifWriter.Fields) -> [UInt8] { ExifWriter.tiff(fields) }
}
