/// What the container tells without decoding pixels: size, EXIF block, and whether the file is complete.
public struct ImageHeader: Equatable, Sendable {
    public var width: Int?
    public var height: Int?
    /// TIFF-structured EXIF bytes (without the `Exif\0\0` prefix), when the file carries them.
    public var exif: [UInt8]?
    /// The embedded XMP packet (JPEG APP1, PNG iTXt, WebP `XMP `, TIFF tag 700), when there is one.
    public var xmp: [UInt8]?
    /// IPTC-IIM datasets (a JPEG's APP13 Photoshop resource 0x0404), when there are some.
    public var iim: [UInt8]?

    /// Parses the header of `data` in `format`; fails when the file is truncated or has no image data.
    public static func parse(_ data: [UInt8], format: ImageFormat) -> Result<ImageHeader, InspectFailure> {
        let b = Bytes(data)
        switch format {
        case .jpeg: return JPEGHeader.parse(b)
        case .png: return PNGHeader.parse(b)
        case .webp: return WebPHeader.parse(b)
        case .tiff: return TIFFHeader.parse(b)
        case .heic, .avif: return HEIFHeader.parse(b)
        }
    }
}

/// JPEG: segments up to SOS, the SOF size, the APP1 Exif block, and an EOI after the scan.
enum JPEGHeader {
    /// The name that opens an APP1 segment holding XMP.
    static let xmpName = "http://ns.adobe.com/xap/1.0/\u{0}"

    static func parse(_ b: Bytes) -> Result<ImageHeader, InspectFailure> {
        var header = ImageHeader()
        var at = 2
        while true {
            guard let ff = b.u8(at), ff == 0xFF, var marker = b.u8(at + 1) else {
                return .failure(
                    InspectFailure(
                        at >= b.count
                            ? "truncated JPEG (ends before the image data)"
                            : "corrupt JPEG (bad segment marker at byte \(at))"))
            }
            while marker == 0xFF, let next = b.u8(at + 2) {
                at += 1
                marker = next
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                at += 2
                continue
            }
            guard let length = b.u16(at + 2), length >= 2, at + 2 + length <= b.count else {
                return .failure(InspectFailure("truncated JPEG (segment at byte \(at) runs past the end of the file)"))
            }
            let body = at + 4
            if marker == 0xE1, header.exif == nil, b.matches("Exif\u{0}\u{0}", at: body) {
                header.exif = b.slice(body + 6, length - 8)
            } else if marker == 0xE1, header.xmp == nil, b.matches(Self.xmpName, at: body) {
                header.xmp = b.slice(body + 29, length - 31)
            } else if marker == 0xED, header.iim == nil, b.matches("Photoshop 3.0\u{0}", at: body) {
                header.iim = b.slice(body + 14, length - 16).flatMap(IIMReader.block)
            } else if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), header.width == nil {
                header.height = b.u16(body + 1)
                header.width = b.u16(body + 3)
            } else if marker == 0xDA {
                guard header.width != nil else {
                    return .failure(InspectFailure("corrupt JPEG (image data before any frame header)"))
                }
                return hasEndMarker(b, after: at)
                    ? .success(header)
                    : .failure(InspectFailure("truncated JPEG (no end-of-image marker: the file was cut short)"))
            } else if marker == 0xD9 {
                return .failure(InspectFailure("corrupt JPEG (ends before any image data)"))
            }
            at += 2 + length
        }
    }

    /// True when an FF D9 (end of image) follows the scan start; entropy-coded data cannot contain one.
    private static func hasEndMarker(_ b: Bytes, after start: Int) -> Bool {
        var i = b.count - 2
        while i > start {
            if b.data[i] == 0xFF && b.data[i + 1] == 0xD9 { return true }
            i -= 1
        }
        return false
    }
}

/// PNG: IHDR size, an eXIf chunk, chunks within the file, and an IEND.
enum PNGHeader {
    static func parse(_ b: Bytes) -> Result<ImageHeader, InspectFailure> {
        var header = ImageHeader()
        var at = 8
        while at < b.count {
            guard let length = b.u32(at), at + 12 + length <= b.count else {
                return .failure(InspectFailure("truncated PNG (chunk at byte \(at) runs past the end of the file)"))
            }
            let type = String(decoding: b.slice(at + 4, 4) ?? [], as: UTF8.self)
            switch type {
            case "IHDR":
                header.width = b.u32(at + 8)
                header.height = b.u32(at + 12)
            case "eXIf": header.exif = b.slice(at + 8, length)
            case "iTXt" where b.matches("XML:com.adobe.xmp\u{0}\u{0}", at: at + 8):
                // keyword, NUL, compression flag 0 (uncompressed only), method, language NUL, translated NUL, text
                var text = at + 8 + 19 + 1
                for _ in 0..<2 { while text < at + 8 + length, b.u8(text) != 0 { text += 1 }; text += 1 }
                header.xmp = b.slice(text, at + 8 + length - text)
            case "IEND":
                return header.width == nil ? .failure(InspectFailure("corrupt PNG (no IHDR chunk)")) : .success(header)
            default: break
            }
            at += 12 + length
        }
        return .failure(InspectFailure("truncated PNG (no IEND chunk: the file was cut short)"))
    }
}
