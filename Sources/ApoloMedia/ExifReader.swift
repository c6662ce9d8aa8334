import ApoloCore
import CExif
import CExifShim
#if canImport(Glibc)
    import Glibc
#endif

/// The EXIF facts apolo keeps, and what was wrong with the block, in words.
public struct ExifFacts: Equatable, Sendable {
    /// ISO 8601 capture time (DateTimeOriginal, else DateTimeDigitized) with sub-seconds and offset when recorded.
    public var captured: String?
    public var orientation = 1
    public var make: String?
    public var model: String?
    /// A star rating set in the camera (EXIF Rating, 0x4746): 1–5; nil when absent or 0.
    public var rating: Int?
    /// Shooting facts as `Photo` keeps them (see `ShootingFacts`).
    public var exposure: String?
    public var aperture: String?
    public var iso: Int?
    public var focal: String?
    public var lens: String?
    /// The camera body's serial number (BodySerialNumber, else DNG's CameraSerialNumber).
    public var serial: String?
    /// Problems found (broken block, invalid date or orientation); the photo still imports.
    public var warnings: [String] = []
}

/// Reads EXIF with libexif, loading the block as it is (no `exif_data_fix`, which invents tags).
public enum ExifReader {
    /// Reads a TIFF-structured EXIF block (the bytes after `Exif\0\0`).
    public static func read(tiff bytes: [UInt8]) -> ExifFacts {
        var facts = ExifFacts()
        guard let data = exif_data_new() else { return facts }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        let state = UnsafeMutablePointer<apolo_exif_log_state>.allocate(capacity: 1)
        state.initialize(to: apolo_exif_log_state())
        defer { state.deallocate() }
        let exifLog = apolo_exif_log_new(state)
        defer { exif_log_unref(exifLog) }
        exif_data_log(data, exifLog)
        let buffer: [UInt8] = Array("Exif".utf8) + [0, 0] + bytes
        buffer.withUnsafeBufferPointer {
            exif_data_load_data(data, $0.baseAddress, UInt32(min($0.count, Int(UInt32.max))))
        }

        let order = exif_data_get_byte_order(data)
        let ifd0 = data.pointee.ifd.0, sub = data.pointee.ifd.2
        facts.make = text(ifd0, EXIF_TAG_MAKE)
        facts.model = text(ifd0, EXIF_TAG_MODEL)
        facts.serial = text(sub, ExifTag(rawValue: 0xA431)) ?? text(ifd0, ExifTag(rawValue: 0xC62F))
        if let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION), entry.pointee.format == EXIF_FORMAT_SHORT,
            entry.pointee.size >= 2, let raw = entry.pointee.data
        {
            let value = Int(exif_get_short(raw, order))
            if (1...8).contains(value) {
                facts.orientation = value
            } else {
                facts.warnings.append("EXIF orientation \(value) is not 1–8; treated as upright")
            }
        }
        if let entry = exif_content_get_entry(ifd0, ExifTag(rawValue: 0x4746)),
            entry.pointee.format == EXIF_FORMAT_SHORT,
            entry.pointee.size >= 2, let raw = entry.pointee.data
        {
            let stars = Int(exif_get_short(raw, order))
            if (1...5).contains(stars) { facts.rating = stars }
        }
        let original = text(sub, EXIF_TAG_DATE_TIME_ORIGINAL)
        let digitized = text(sub, EXIF_TAG_DATE_TIME_DIGITIZED)
        shooting(sub, order, into: &facts)
        // IFD0's DateTime (when the file was last written in the camera or an editor) before the file's own time
        if let raw = original ?? digitized ?? text(ifd0, EXIF_TAG_DATE_TIME) {
            let subsec = text(sub, ExifTag(rawValue: original != nil ? 0x9291 : 0x9292))
            let offset = text(sub, ExifTag(rawValue: original != nil ? 0x9011 : 0x9012))
            if let iso = isoTime(raw, subsec: subsec, offset: offset) {
                facts.captured = iso
            } else {
                facts.warnings.append("EXIF date '\(raw)' is not a valid date; using the file's modification time")
            }
        }
        let entries = (0..<5).reduce(0) { n, i in n + Int(content(data, i)?.pointee.count ?? 0) }
        if entries == 0 { facts.warnings.append("broken EXIF (the block holds no readable entries)") }
        if state.pointee.corrupt != 0 {
            let problem = withUnsafeBytes(of: state.pointee.message) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            facts.warnings.append("broken EXIF (\(problem))")
        }
        return facts
    }

    /// `2024:05:01 10:11:12` + sub-seconds + offset → `2024-05-01T10:11:12.345+01:00`; nil when not a valid time.
    static func isoTime(_ raw: String, subsec: String?, offset: String?) -> String? {
        var chars = Array(raw.prefix(19))
        guard chars.count == 19, chars[4] == ":", chars[7] == ":" else { return nil }
        chars[4] = "-"
        chars[7] = "-"
        chars[10] = "T"
        var iso = String(chars)
        if let digits = subsec?.filter(\.isNumber), !digits.isEmpty { iso += "." + digits.prefix(9) }
        let zoned = offset.map { iso + $0 }
        if let zoned, Timestamp(iso: zoned) != nil { return zoned }
        return Timestamp(iso: iso) == nil ? nil : iso
    }

    private static func content(_ data: UnsafeMutablePointer<ExifData>, _ index: Int) -> UnsafeMutablePointer<
        ExifContent
    >? {
        switch index {
        case 0: return data.pointee.ifd.0
        case 1: return data.pointee.ifd.1
        case 2: return data.pointee.ifd.2
        case 3: return data.pointee.ifd.3
        default: return data.pointee.ifd.4
        }
    }

    /// Exposure time, f-number, ISO, focal length and lens model from the EXIF sub-IFD.
    private static func shooting(
        _ sub: UnsafeMutablePointer<ExifContent>?, _ order: ExifByteOrder, into facts: inout ExifFacts
    ) {
        facts.exposure = rational(sub, EXIF_TAG_EXPOSURE_TIME, order).flatMap(ShootingFacts.exposure)
        facts.aperture = rational(sub, EXIF_TAG_FNUMBER, order).flatMap(ShootingFacts.decimal)
        facts.focal = rational(sub, EXIF_TAG_FOCAL_LENGTH, order).flatMap(ShootingFacts.decimal)
        facts.lens = text(sub, ExifTag(rawValue: 0xA434))
        if let sub, let entry = exif_content_get_entry(sub, EXIF_TAG_ISO_SPEED_RATINGS),
            entry.pointee.format == EXIF_FORMAT_SHORT,
            entry.pointee.size >= 2, let raw = entry.pointee.data
        {
            let iso = Int(exif_get_short(raw, order))
            facts.iso = iso > 0 ? iso : nil
        }
    }

    /// An unsigned rational entry as a number; nil when absent, malformed or with a zero denominator.
    private static func rational(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: ExifTag, _ order: ExifByteOrder)
        -> Double?
    {
        guard let content, let entry = exif_content_get_entry(content, tag),
            entry.pointee.format == EXIF_FORMAT_RATIONAL,
            entry.pointee.size >= 8, let raw = entry.pointee.data
        else { return nil }
        let value = exif_get_rational(raw, order)
        return value.denominator == 0 ? nil : Double(value.numerator) / Double(value.denominator)
    }

    /// An ASCII entry's text, cut at the first NUL and trimmed; nil when absent or blank.
    private static func text(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: ExifTag) -> String? {
        guard let content, let entry = exif_content_get_entry(content, tag), entry.pointee.format == EXIF_FORMAT_ASCII,
            let raw = entry.pointee.data
        else { return nil }
        let bytes = UnsafeBufferPointer(start: raw, count: Int(entry.pointee.size)).prefix { $0 != 0 }
        let value = String(decoding: bytes, as: UTF8.self).trimmingCharacters
        return value.isEmpty || value.hasControlCharacters ? nil : value
    }
}

extension String {
    fileprivate var trimmingCharacters: String { trimmingSpaces }
}
