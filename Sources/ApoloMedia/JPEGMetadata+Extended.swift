import CCrypto

/// Extended XMP (XMP Specification Part 3, 1.1.3.1): what does not fit the 64 KB of the standard packet's segment
/// (faces and keywords first, then the IPTC fields) goes into a second packet, split over as many APP1 segments as
/// it needs, each headed by the packet's GUID (the MD5 of its bytes, in upper-case hex), its length and the
/// chunk's offset. The standard packet names the GUID (`xmpNote:HasExtendedXMP`), as Photoshop and Lightroom write
/// it, and exiftool, Adobe's toolkit and digiKam read it back.
extension JPEGMetadata {
    /// The largest standard packet, after its header, in one segment.
    static let maxStandard = 65533 - xmpHeader.count
    /// The largest chunk of an extended packet in one segment (header, GUID, length and offset before it).
    static let maxChunk = 65533 - extendedHeader.count - 32 - 8

    /// True when `xmp` fits one segment as the standard packet.
    public static func fits(_ xmp: [UInt8]) -> Bool { xmp.count <= maxStandard }

    /// The GUID of an extended packet: the MD5 of its bytes in upper-case hex.
    public static func guid(of extended: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        var length: UInt32 = 0
        _ = extended.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, EVP_md5(), nil) }
        let hex = Array("0123456789ABCDEF".utf8)
        return String(decoding: digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// The APP1 segments of an extended packet (none for an empty one).
    static func extendedSegments(_ extended: [UInt8]) -> [UInt8] {
        guard !extended.isEmpty else { return [] }
        let guid = Array(guid(of: extended).utf8)
        let total = extended.count
        var out: [UInt8] = []
        var offset = 0
        while offset < total {
            let end = min(total, offset + maxChunk)
            let head = extendedHeader + guid + bigEndian(total) + bigEndian(offset)
            out += segment(0xE1, head + extended[offset..<end])
            offset = end
        }
        return out
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }
}
