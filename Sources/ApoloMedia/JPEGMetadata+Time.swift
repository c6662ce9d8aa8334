extension JPEGMetadata {
    /// Writes a corrected capture time (`YYYY-MM-DDTHH:MM:SS…`) over the EXIF DateTimeOriginal of a JPEG copy, in
    /// place (the field's 19 characters; nothing moves). Does nothing when the copy has no such field.
    static func setCaptureTime(_ jpeg: inout [UInt8], _ iso: String) {
        let clock = Array(iso.utf8.prefix(19))
        guard clock.count == 19, let tiff = exifStart(jpeg) else { return }
        let little = jpeg[tiff] == 0x49
        func read(_ at: Int, _ size: Int) -> Int? {
            guard at >= tiff, at + size <= jpeg.count else { return nil }
            var value = 0
            for k in 0..<size { value |= Int(jpeg[at + k]) << (8 * (little ? k : size - 1 - k)) }
            return value
        }
        func entry(_ ifd: Int, _ tag: Int) -> Int? {
            guard let count = read(tiff + ifd, 2), count < 1000 else { return nil }
            for k in 0..<count where read(tiff + ifd + 2 + 12 * k, 2) == tag { return tiff + ifd + 2 + 12 * k }
            return nil
        }
        guard let ifd0 = read(tiff + 4, 4), let pointer = entry(ifd0, 0x8769), let exif = read(pointer + 8, 4),
            let field = entry(exif, 0x9003), read(field + 2, 2) == 2, let count = read(field + 4, 4), count >= 19,
            let offset = read(field + 8, 4), tiff + offset + 19 <= jpeg.count
        else { return }
        var text = clock
        (text[4], text[7], text[10]) = (58, 58, 32)  // "YYYY:MM:DD HH:MM:SS", as EXIF writes it
        for k in 0..<19 { jpeg[tiff + offset + k] = text[k] }
    }

    /// Where the TIFF header of a JPEG's EXIF segment starts.
    private static func exifStart(_ jpeg: [UInt8]) -> Int? {
        var i = 2
        let exif = Array("Exif".utf8) + [0, 0]
        while i + 4 < jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xE1, i + 10 + 8 <= jpeg.count, Array(jpeg[(i + 4)..<(i + 10)]) == exif {
                return i + 10
            }
            i += 2 + length
        }
        return nil
    }
}
