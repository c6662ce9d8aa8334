import ApoloCore
import CApoloSystem
import CVipsShim
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// libvips, loaded on first use (commands that touch no pixels never load it).
public enum Vips {
    /// Loads and starts libvips once per process; `threads` is vips' own concurrency (1 per import worker).
    public static func start(threads: Int = 1) throws(MediaError) {
        apolo_quiet_libraries()  // decoders' own lines about a damaged file name no file: apolo says which failed
        if apolo_vips_start(Int32(threads)) != 0 { throw MediaError.vips(lastError()) }
    }

    /// The pending vips error text, all lines (process-wide buffer, copied and cleared under `serial`, so it is
    /// never cleared while a second try is reading its own message).
    static func lastError() -> String {
        serial.lock()
        defer { serial.unlock() }
        guard let text = apolo_vips_error() else { return "unknown libvips error" }
        defer { apolo_vips_free(text) }
        let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? "unknown libvips error" : message
    }

    /// Serialises the second try of a failed operation, so its message is read alone.
    private static let serial = NSRecursiveLock()

    /// Runs `body` on `path`; when it fails, runs it again alone and keeps only the lines of libvips' shared
    /// error buffer that can be about this file (parallel workers share that buffer: a message naming another
    /// file is never reported for this one).
    public static func attributed<T>(_ path: String, _ body: () throws(MediaError) -> T) throws(MediaError) -> T {
        do { return try body() } catch {
            switch error {  // LibRaw's own message or apolo's refusal, not libvips' shared buffer
            case .raw, .refused: throw error
            case .vips, .cache: break
            }
        }
        serial.lock()
        defer { serial.unlock() }
        if let stale = apolo_vips_error() { apolo_vips_free(stale) }
        do { return try body() } catch {
            guard case .vips(let text) = error else { throw error }
            let base = path.split(separator: "/").last.map(String.init) ?? path
            let lines = text.split(separator: "\n").map(String.init).filter { line in
                line.contains(base)
                    || !(line.contains("/")
                        || line.range(of: #"\.[A-Za-z0-9]{3,4}\b"#, options: .regularExpression) != nil)
            }
            throw MediaError.vips(lines.first.map { "libvips cannot decode it (\($0))" } ?? "libvips cannot decode it")
        }
    }

    /// An upright image of at most `size` pixels a side, encoded in memory (`suffix` names format and options,
    /// e.g. `.jpg[Q=82,strip]`). A truncated or undecodable file is an error, never a grey half image.
    public static func render(_ path: String, size: Int, suffix: String) throws(MediaError) -> Rendered {
        try attributed(path) { () throws(MediaError) -> Rendered in
            let image = try thumbnail(path, size: size)
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard apolo_vips_save_buffer(image.pointer, suffix, &buffer, &length) == 0, let buffer else {
                throw MediaError.vips(lastError())
            }
            defer { apolo_vips_gfree(buffer) }
            return Rendered(bytes: Array(UnsafeRawBufferPointer(start: buffer, count: length)), source: image.source)
        }
    }

    /// An encoded picture and what it was made from.
    public struct Rendered {
        public let bytes: [UInt8]
        public let source: Source
    }

    /// What a picture was made from: the file itself, a raw's embedded preview, or a raw's data decoded.
    public enum Source: Sendable, Equatable {
        case file, rawPreview, rawDecode
    }

    /// One vips image, owning one reference; lives and dies within one task.
    public final class Image {
        let pointer: UnsafeMutableRawPointer

        /// What it was made from.
        public internal(set) var source = Source.file

        init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }

        deinit { apolo_vips_unref(pointer) }

        public var width: Int { Int(apolo_vips_width(pointer)) }
        public var height: Int { Int(apolo_vips_height(pointer)) }

        /// The colour of one pixel.
        public func pixel(_ x: Int, _ y: Int) throws(MediaError) -> Colour {
            var rgb = [0.0, 0.0, 0.0]
            if apolo_vips_pixel(pointer, Int32(x), Int32(y), &rgb) != 0 { throw MediaError.vips(Vips.lastError()) }
            return Colour(rgb[0], rgb[1], rgb[2])
        }

        /// Writes the image; options may follow the name in brackets, e.g. `x.jpg[Q=85,strip]`.
        public func save(_ path: String) throws(MediaError) {
            if apolo_vips_save(pointer, FileNames.bytes(of: path)) != 0 { throw MediaError.vips(Vips.lastError()) }
        }
    }

    /// Runs a shim call that produces an image.
    static func make(_ call: (UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32) throws(MediaError) -> Image {
        var out: UnsafeMutableRawPointer?
        guard call(&out) == 0, let out else { throw MediaError.vips(lastError()) }
        return Image(out)
    }

    /// An upright thumbnail (EXIF orientation applied), at most `size` on its longer side, never enlarged. A raw
    /// file's comes from its largest embedded preview, turned by the raw's orientation, or from its data decoded.
    public static func thumbnail(_ path: String, size: Int) throws(MediaError) -> Image {
        try picture(path, size: size, full: false)
    }

    /// The picture at full size, upright: a file decoded as it is (no resampling), a raw's largest preview.
    public static func fullSize(_ path: String) throws(MediaError) -> Image {
        try picture(path, size: 1 << 20, full: true)
    }

    static func picture(_ path: String, size: Int, full: Bool) throws(MediaError) -> Image {
        try start()
        if let picture = try RawFile.previewIfRaw(path) {
            if case .success(let header) = ImageHeader.parse(picture.bytes, format: .jpeg),
                let width = header.width, let height = header.height,
                let problem = PixelBudget.problem(
                    width: width, height: height, bands: 1, fileBytes: picture.bytes.count, format: nil)
            {
                throw MediaError.refused("its embedded preview: \(problem)")
            }
            let image = try make { out in
                picture.bytes.withUnsafeBytes {
                    apolo_vips_thumbnail_buffer(
                        $0.baseAddress, $0.count, Int32(size), Int32(size), Int32(picture.orientation), out)
                }
            }
            image.source = picture.decoded ? .rawDecode : .rawPreview
            return image
        }
        let fd = try POSIX.openOriginal(path)
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 64), info = stat()
        let n = pread(fd, &head, 64, 0)
        guard fstat(fd, &info) == 0, n > 0 else { throw MediaError.refused("cannot read it: \(POSIX.errorText)") }
        guard case .success(let format) = ImageFormat.sniff(Array(head[0..<n])) else {
            throw MediaError.refused("it is no longer a picture apolo reads (its content changed since import)")
        }
        guard let source = apolo_vips_source(fd) else { throw MediaError.vips(lastError()) }
        defer { apolo_vips_unref(source) }
        var width: Int32 = 0, height: Int32 = 0, bands: Int32 = 0, sample: Int32 = 0
        guard apolo_vips_header(source, &width, &height, &bands, &sample) == 0 else {
            throw MediaError.vips(lastError())
        }
        if let problem = PixelBudget.problem(
            width: Int(width), height: Int(height), bands: Int(bands),
            sampleBytes: Int(sample), fileBytes: Int(info.st_size), format: format)
        {
            throw MediaError.refused(problem)
        }
        return try make {
            full
                ? apolo_vips_upright_source(source, $0)
                : apolo_vips_thumbnail_source(source, Int32(size), Int32(size), $0)
        }
    }

    /// A file opened for random access.
    public static func open(_ path: String) throws(MediaError) -> Image {
        try start()
        return try make { apolo_vips_open(FileNames.bytes(of: path), $0) }
    }

    /// A solid sRGB tile.
    public static func tile(_ width: Int, _ height: Int, _ colour: Colour) throws(MediaError) -> Image {
        try make { apolo_vips_tile(Int32(width), Int32(height), colour.r, colour.g, colour.b, $0) }
    }

    /// `sub` placed on `base` at (x, y).
    public static func insert(_ sub: Image, into base: Image, x: Int, y: Int) throws(MediaError) -> Image {
        try make { apolo_vips_insert(base.pointer, sub.pointer, Int32(x), Int32(y), $0) }
    }

    /// Pango markup (with its colours) rendered on `paper`; wrapped at `width` pixels when given.
    public static func markup(_ markup: String, font: String, width: Int = 0, paper: Colour) throws(MediaError) -> Image
    {
        try make { apolo_vips_markup(markup, font, Int32(width), paper.r, paper.g, paper.b, $0) }
    }
}

/// An sRGB colour, 0–255 per channel.
public struct Colour: Sendable, Equatable {
    public let r, g, b: Double

    public init(_ r: Double, _ g: Double, _ b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// The one error type of ApoloMedia's pixel and cache work.
public enum MediaError: Error, Equatable, CustomStringConvertible {
    case vips(String)
    /// LibRaw's reason a raw has no picture.
    case raw(String)
    case cache(String)
    /// apolo's own reason not to hand a file to a decoder (its declared size, its kind).
    case refused(String)

    public var description: String {
        switch self {
        case .vips(let message): return message.split(separator: "\n").first.map(String.init) ?? message
        case .cache(let message), .raw(let message), .refused(let message): return message
        }
    }
}
