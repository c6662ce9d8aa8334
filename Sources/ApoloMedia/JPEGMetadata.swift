import ApoloCore
import CCrypto

/// Metadata written into an exported JPEG copy: an XMP packet (APP1) and IPTC-IIM (APP13, Photoshop's
/// resource 0x0404 with its MD5 digest 0x0425, so Lightroom and Photo Mechanic know the two agree) in place of
/// the copy's own; every other segment and the picture's bytes stay as they were. The original is never touched.
public enum JPEGMetadata {
    static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    static let extendedHeader = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]
    static let photoshopHeader = Array("Photoshop 3.0".utf8) + [0]

    /// The JPEG with `xmp` (and `extended`, and `iim`, unless empty) in place of its own packets; nil when `jpeg` is
    /// no well-formed JPEG or the standard packet does not fit one segment (64 KB: see `ExportWriter.packets`).
    public static func embed(_ jpeg: [UInt8], xmp: [UInt8], extended: [UInt8] = [], iim: [UInt8]) -> [UInt8]? {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8, fits(xmp) else { return nil }
        var kept: [(marker: UInt8, range: Range<Int>)] = []
        var i = 2
        while true {
            guard i + 1 < jpeg.count, jpeg[i] == 0xFF else { return nil }
            let marker = jpeg[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            guard i + 3 < jpeg.count else { return nil }
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            guard length >= 2, i + 2 + length <= jpeg.count else { return nil }
            let payload = (i + 4)..<(i + 2 + length)
            if !(marker == 0xE1 && (starts(jpeg, payload, xmpHeader) || starts(jpeg, payload, extendedHeader)))
                && !(marker == 0xED && starts(jpeg, payload, photoshopHeader))
            {
                kept.append((marker, i..<(i + 2 + length)))
            }
            i += 2 + length
        }
        let ours =
            segment(0xE1, xmpHeader + xmp) + extendedSegments(extended)
            + (iim.isEmpty ? [] : photoshop(iim).map { segment(0xED, $0) } ?? [])
        // after the JFIF (APP0) and EXIF (APP1) segments that lead, where readers look first
        let lead = kept.prefix { $0.marker == 0xE0 || $0.marker == 0xE1 }.count
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(jpeg.count + ours.count)
        for (index, segment) in kept.enumerated() {
            if index == lead { out += ours }
            out += jpeg[segment.range]
        }
        if lead == kept.count { out += ours }
        out += jpeg[i...]
        return out
    }

    /// IPTC-IIM datasets of `meta` and `keywords`: UTF-8 declared (1:90), record version 4, each value cut to its
    /// dataset's limit on a character boundary.
    public static func iim(_ meta: [String: String], keywords: [String]) -> [UInt8] {
        var fields: [(UInt8, [UInt8])] = []
        for property in XMPFields.properties {
            guard let (dataset, limit) = property.iim, let value = meta[property.field.rawValue] else { continue }
            if property.form == .seq {
                for part in value.split(separator: ";") {
                    fields.append((dataset, cut(String(part).trimmingSpaces, limit)))
                }
            } else {
                fields.append((dataset, cut(value, limit)))
            }
        }
        for keyword in keywords.prefix(1000) where !keyword.lowercased().hasPrefix("label:") {
            fields.append((25, cut(keyword, 64)))
        }
        guard !fields.isEmpty else { return [] }
        var out = dataset(1, 90, [0x1B, 0x25, 0x47]) + dataset(2, 0, [0x00, 0x04])
        for (number, value) in fields.sorted(by: { $0.0 < $1.0 }) where !value.isEmpty {
            out += dataset(2, number, value)
        }
        return out
    }

    private static func dataset(_ record: UInt8, _ number: UInt8, _ value: [UInt8]) -> [UInt8] {
        [0x1C, record, number, UInt8(value.count >> 8), UInt8(value.count & 255)] + value
    }

    /// Photoshop's image resources: the IIM block and its MD5; nil when they do not fit one segment.
    private static func photoshop(_ iim: [UInt8]) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 16)
        var length: UInt32 = 0
        _ = iim.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, EVP_md5(), nil) }
        let out = photoshopHeader + resource(0x0404, iim) + resource(0x0425, digest)
        return out.count <= 65533 ? out : nil
    }

    private static func resource(_ id: Int, _ data: [UInt8]) -> [UInt8] {
        let size = data.count
        return Array("8BIM".utf8) + [
            UInt8(id >> 8), UInt8(id & 255), 0, 0,
            UInt8(size >> 24 & 255), UInt8(size >> 16 & 255), UInt8(size >> 8 & 255), UInt8(size & 255)
        ]
            + data + (size % 2 == 1 ? [0] : [])
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 255)] + payload
    }

    private static func starts(_ bytes: [UInt8], _ range: Range<Int>, _ prefix: [UInt8]) -> Bool {
        range.count >= prefix.count && bytes[range.lowerBound..<(range.lowerBound + prefix.count)].elementsEqual(prefix)
    }

    /// UTF-8 bytes of `text`, at most `limit`, never ending inside a character.
    static func cut(_ text: String, _ limit: Int) -> [UInt8] {
        var out: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if out.count + bytes.count > limit { break }
            out += bytes
        }
        return out
    }
}
