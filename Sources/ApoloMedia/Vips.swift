import ApoloCore
import CVipsShim

/// libvips, loaded on first use (commands that touch no pixels never load it).
public enum Vips {
    /// Loads and starts libvips once per process; `threads` is vips' own concurrency (1 per import worker).
    public static func start(threads: Int = 1) throws(MediaError) {
        if apolo_vips_start(Int32(threads)) != 0 { throw MediaError.vips(lastError()) }
    }

    /// The pending vips error message (process-wide buffer, copied and cleared).
    static func lastError() -> String {
        guard let text = apolo_vips_error() else { return "unknown libvips error" }
        defer { apolo_vips_free(text) }
        let message = String(cString: text).split(separator: "\n").first.map(String.init) ?? ""
        return message.isEmpty ? "unknown libvips error" : message
    }

    /// One vips image, owning one reference; lives and dies within one task.
    public final class Image {
        let pointer: UnsafeMutableRawPointer

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

    /// An upright thumbnail (EXIF orientation applied), at most `size` on its longer side, never enlarged.
    public static func thumbnail(_ path: String, size: Int) throws(MediaError) -> Image {
        try start()
        return try make { apolo_vips_thumbnail(FileNames.bytes(of: path), Int32(size), Int32(size), $0) }
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
    public static func markup(_ markup: String, font: String, width: Int = 0, paper: Colour) throws(MediaError) -> Image {
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
    case cache(String)

    public var description: String {
        switch self {
        case .vips(let message): return message
        case .cache(let message): return message
        }
    }
}
