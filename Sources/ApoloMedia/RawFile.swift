import ApoloCore
import CApoloRaw
#if canImport(Glibc)
    import Glibc
#endif

/// Raw camera files through LibRaw: recognised by content (whatever the installed LibRaw opens), their facts
/// read without decoding, their pictures taken from the largest embedded preview (no demosaicing).
public enum RawFile {
    /// What LibRaw says about a raw.
    public struct Facts: Equatable, Sendable {
        public var make: String?
        public var model: String?
        public var lens: String?
        /// `YYYY-MM-DDTHH:MM:SS`, the camera's wall clock.
        public var captured: String?
        public var exposure: String?
        public var aperture: String?
        public var iso: Int?
        public var focal: String?
        public var width: Int
        public var height: Int
        public var orientation: Int
    }

    /// Seconds one LibRaw call may take before its process is killed (APOLO_RAW_TIMEOUT; a decode stops itself
    /// after 30 s).
    public static let timeout: Double = {
        guard let text = getenv("APOLO_RAW_TIMEOUT").map({ String(cString: $0) }), let seconds = Double(text),
            seconds > 0
        else { return 60 }
        return seconds
    }()

    /// What LibRaw made of some bytes.
    public enum Identified {
        case raw(Facts)
        /// LibRaw does not open them as a raw (or is not installed): the reason.
        case notRaw(String)
        /// LibRaw crashed or hung on them (in its own process): what happened.
        case decoderDied(String)
    }

    /// The raw's facts, or LibRaw's reason it does not open the bytes as a raw, or how it died trying (LibRaw
    /// runs in a child process: a crash costs this file, not the import).
    public static func identify(_ bytes: [UInt8]) -> Identified {
        var raw = apolo_raw_facts()
        var error = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBytes {
            apolo_raw_identify_isolated(
                $0.baseAddress, $0.count, &raw, &error,
                256, timeout)
        }
        if status == APOLO_RAW_DECODER_DIED { return .decoderDied(text(error)) }
        guard status == 0 else { return .notRaw(text(error).lowercased()) }
        let text = { (field: UnsafeRawBufferPointer) -> String? in
            let s = String(decoding: field.prefix { $0 != 0 }, as: UTF8.self).trimmingSpaces
            return s.isEmpty ? nil : s
        }
        return .raw(
            Facts(
                make: withUnsafeBytes(of: raw.make) { text($0) }, model: withUnsafeBytes(of: raw.model) { text($0) },
                lens: withUnsafeBytes(of: raw.lens) { text($0) },
                captured: raw.timestamp > 0 ? wallClock(raw.timestamp) : nil,
                exposure: ShootingFacts.exposure(Double(raw.shutter)),
                aperture: ShootingFacts.decimal(Double(raw.aperture)),
                iso: raw.iso > 0 ? Int(raw.iso) : nil, focal: ShootingFacts.decimal(Double(raw.focal)),
                width: Int(raw.width), height: Int(raw.height), orientation: Int(raw.orientation)))
    }

    /// The kind of raw a file's first bytes announce, for formats no other reader takes (TIFF-based raws are
    /// TIFFs first); nil when they announce none.
    public static func signature(_ head: [UInt8]) -> String? {
        let b = Bytes(head)
        if b.matches("ftyp", at: 4) && b.matches("crx ", at: 8) { return "Canon CR3" }
        if b.matches("HEAPCCDR", at: 6) { return "Canon CRW" }
        if b.matches("FUJIFILMCCD-RAW", at: 0) { return "Fujifilm RAF" }
        if b.matches("FOVb", at: 0) { return "Sigma X3F" }
        if b.matches("\u{0}MRM", at: 0) { return "Minolta MRW" }
        if b.matches("IIRO", at: 0) || b.matches("IIRS", at: 0) || b.matches("MMOR", at: 0) { return "Olympus ORF" }
        if b.matches("IIU\u{0}", at: 0) { return "Panasonic RW2" }
        return nil
    }

    /// A raw's picture, ready for libvips.
    public struct Picture {
        /// JPEG or PPM bytes.
        public let bytes: [UInt8]
        /// The EXIF orientation that turns it upright.
        public let orientation: Int
        /// True when the raw had no usable preview and LibRaw decoded its data (half size; slower).
        public let decoded: Bool
    }

    /// The raw's largest embedded preview (JPEG, or PPM from a bitmap), or without one its data decoded at half
    /// size (bounded in pixels and time, one at a time); nil when the bytes are no raw LibRaw opens. Each runs in
    /// a child process: a crash or hang is an error in words.
    public static func preview(_ bytes: [UInt8]) throws(MediaError) -> Picture? {
        var out: UnsafeMutableRawPointer?
        var size = 0, format: Int32 = 0, orientation: Int32 = 1
        var error = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBytes {
            apolo_raw_preview_isolated(
                $0.baseAddress, $0.count, &out, &size, &format, &orientation, &error,
                256, timeout)
        }
        if status == -2 { return nil }
        guard status == 0, let out else { throw MediaError.raw(text(error)) }
        defer { apolo_raw_free(out) }
        return Picture(
            bytes: Array(UnsafeRawBufferPointer(start: out, count: size)),
            orientation: Int(orientation), decoded: format == 3)
    }

    /// The picture of `path` when it is a raw (nil when it is no raw: another format, or LibRaw does not open
    /// it); one read of a regular file and one LibRaw open.
    static func previewIfRaw(_ path: String) throws(MediaError) -> Picture? {
        guard let bytes = candidate(path) else { return nil }
        return try preview(bytes)
    }

    /// The bytes of a regular file whose content is no other known format (or a TIFF), else nil.
    private static func candidate(_ path: String) -> [UInt8]? {
        guard let fd = try? POSIX.openRegular(path) else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &head, 64)
        guard n > 0 else { return nil }
        if case .success(let format) = ImageFormat.sniff(Array(head[0..<n])), format != .tiff { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size <= PhotoReader.maxBytes, lseek(fd, 0, SEEK_SET) == 0 else {
            return nil
        }
        return try? POSIX.readAll(fd, size: Int(info.st_size))
    }

    /// A NUL-terminated message from the shim.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Seconds from LibRaw (made with mktime from the camera's clock) back to that clock's reading.
    static func wallClock(_ seconds: Int64) -> String? {
        var time = time_t(seconds), parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        let two = { (n: Int32) in n < 10 ? "0\(n)" : "\(n)" }
        let date = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        return "\(date)T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
