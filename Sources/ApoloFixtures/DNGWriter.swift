/// Small DNG files made for tests: a 12-bit Bayer raw in a sub-IFD, an embedded JPEG preview in IFD0 (as cameras
/// and converters store it), EXIF shooting facts, and optionally an XMP packet (tag 700).
public enum DNGWriter {
    /// What the DNG says about itself; nil fields are left out.
    public struct Facts: Sendable {
        public var make = "Apolo"
        public var model = "Test Camera"
        public var orientation = 1
        /// `YYYY:MM:DD HH:MM:SS`.
        public var date: String? = "2024:06:15 10:30:00"
        public var exposure: (Int, Int)? = (1, 250)
        public var fNumber: (Int, Int)? = (28, 10)
        public var iso: Int? = 400
        public var focal: (Int, Int)? = (35, 1)
        public var lens: String? = "Apolo 35mm F2.8"
        public var xmp: String?

        public init() {}
    }

    /// The scene a sensor saw: 12-bit red, green and blue at (x, y).
    public typealias Scene = @Sendable (_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int)

    /// A DNG of `width` × `height` raw pixels whose embedded preview is `preview` (JPEG bytes, or nil for none);
    /// its raw data samples `scene` through an RGGB pattern (a grey gradient when nil).
    public static func make(
        width: Int = 64, height: Int = 48, preview: (jpeg: [UInt8], width: Int, height: Int)?,
        facts: Facts = Facts(), scene: Scene? = nil
    ) -> [UInt8] {
        let raw = bayer(
            width: width, height: height,
            scene: scene ?? { x, y in
                let grey = (x * 4095 / max(width - 1, 1) + y * 2048 / max(height - 1, 1)) / 2
                return (grey, grey, grey)
            })
        var ifd0: [Entry] = [
            long(0x00FE, 1), ascii(0x010F, facts.make), ascii(0x0110, facts.model), short(0x0112, [facts.orientation]),
            Entry(0xC612, 1, [1, 4, 0, 0]), ascii(0xC614, facts.make + " " + facts.model),
            Entry(0xC621, 10, count: 9, (0..<9).flatMap { i in le32(i % 4 == 0 ? 1 : 0) + le32(1) })
        ]
        if let preview {
            ifd0 += [
                long(0x0100, preview.width), long(0x0101, preview.height), short(0x0102, [8, 8, 8]), short(0x0103, [7]),
                short(0x0106, [6]), short(0x0115, [3]), long(0x0116, preview.height), long(0x0117, preview.jpeg.count)
            ]
        }
        if let xmp = facts.xmp { ifd0.append(Entry(0x02BC, 1, Array(xmp.utf8))) }
        var rawIFD = [
            long(0x00FE, 0), long(0x0100, width), long(0x0101, height), short(0x0102, [16]), short(0x0103, [1]),
            short(0x0106, [32803]), short(0x0115, [1]), long(0x0116, height), long(0x0117, raw.count),
            short(0x828D, [2, 2]), Entry(0x828E, 1, [0, 1, 1, 2]), long(0xC61D, 4095)
        ]
        var exif: [Entry] = []
        if let (n, d) = facts.exposure { exif.append(rational(0x829A, n, d)) }
        if let (n, d) = facts.fNumber { exif.append(rational(0x829D, n, d)) }
        if let iso = facts.iso { exif.append(short(0x8827, [iso])) }
        if let date = facts.date { exif.append(ascii(0x9003, date)); ifd0.append(ascii(0x0132, date)) }
        if let (n, d) = facts.focal { exif.append(rational(0x920A, n, d)) }
        if let lens = facts.lens { exif.append(ascii(0xA434, lens)) }
        // offsets: header, IFD0 (with its links), the raw IFD, the EXIF IFD, then the preview and the raw pixels
        ifd0 += [long(0x0111, 0), long(0x014A, 0), long(0x8769, 0)]
        rawIFD.append(long(0x0111, 0))
        if preview == nil {  // the raw itself in IFD0, as DNGs without a preview store it
            ifd0.removeAll { [0x00FE, 0x0111, 0x014A].contains($0.tag) }
            ifd0 += rawIFD.filter { $0.tag != 0x0111 } + [long(0x0111, 0)]
            rawIFD = []
        }
        let rawAt = 8 + size(ifd0), exifAt = rawAt + (rawIFD.isEmpty ? 0 : size(rawIFD)),
            previewAt = exifAt + size(exif)
        let pixelsAt = previewAt + (preview?.jpeg.count ?? 0)
        let links = [0x0111: preview == nil ? pixelsAt : previewAt, 0x014A: rawAt, 0x8769: exifAt]
        ifd0 = ifd0.map { e in links[e.tag].map { long(e.tag, $0) } ?? e }
        rawIFD = rawIFD.map { $0.tag == 0x0111 ? long(0x0111, pixelsAt) : $0 }
        var out: [UInt8] = [0x49, 0x49, 42, 0] + le32(8)
        out += encode(ifd0, at: 8) + (rawIFD.isEmpty ? [] : encode(rawIFD, at: rawAt)) + encode(exif, at: exifAt)
        return out + (preview?.jpeg ?? []) + raw
    }

    /// `scene` under an RGGB pattern, 12 bits a sample.
    private static func bayer(width: Int, height: Int, scene: Scene) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 2)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = scene(x, y)
                let value = y % 2 == 0 ? (x % 2 == 0 ? r : g) : (x % 2 == 0 ? g : b)
                let at = (y * width + x) * 2
                (bytes[at], bytes[at + 1]) = (UInt8(value & 255), UInt8(value >> 8 & 255))
            }
        }
        return bytes
    }

    struct Entry {
        let tag: Int
        let type: Int
        let count: Int
        let value: [UInt8]

        init(_ tag: Int, _ type: Int, count: Int? = nil, _ value: [UInt8]) {
            self.tag = tag
            self.type = type
            self.value = value
            self.count = count ?? ([3: value.count / 2, 4: value.count / 4][type] ?? value.count)
        }
    }

    private static func size(_ entries: [Entry]) -> Int {
        2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.value.count > 4 ? ($1.value.count + 1) & ~1 : 0) }
    }

    private static func encode(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var data: [UInt8] = []
        var head = le16(sorted.count)
        let dataAt = offset + 2 + 12 * sorted.count + 4
        for e in sorted {
            head += le16(e.tag) + le16(e.type) + le32(e.count)
            if e.value.count <= 4 {
                head += e.value + [UInt8](repeating: 0, count: 4 - e.value.count)
            } else {
                head += le32(dataAt + data.count)
                data += e.value + (e.value.count % 2 == 1 ? [0] : [])
            }
        }
        return head + le32(0) + data
    }

    private static func ascii(_ tag: Int, _ text: String) -> Entry { Entry(tag, 2, Array(text.utf8) + [0]) }
    private static func short(_ tag: Int, _ values: [Int]) -> Entry { Entry(tag, 3, values.flatMap(le16)) }
    private static func long(_ tag: Int, _ value: Int) -> Entry { Entry(tag, 4, le32(value)) }
    private static func rational(_ tag: Int, _ n: Int, _ d: Int) -> Entry { Entry(tag, 5, count: 1, le32(n) + le32(d)) }
    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    private static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}
