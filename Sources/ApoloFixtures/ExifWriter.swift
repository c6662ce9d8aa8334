/// Builds a big-endian TIFF-structured EXIF block with the fields apolo reads.
public enum ExifWriter {
    /// EXIF facts to write; nil fields are left out.
    public struct Fields: Sendable {
        public var make: String?
        public var model: String?
        public var orientation: Int?
        /// `YYYY:MM:DD HH:MM:SS`, as cameras write it.
        public var dateTimeOriginal: String?
        public var subSecTimeOriginal: String?
        public var offsetTimeOriginal: String?
        /// In-camera star rating (EXIF Rating, 0x4746).
        public var rating: Int?
        /// Shooting facts: exposure time and f-number as fractions, ISO, lens model; IFD0's DateTime.
        public var exposure: (Int, Int)?
        public var fNumber: (Int, Int)?
        public var iso: Int?
        public var lens: String?
        public var dateTime: String?
        /// The body's serial number (BodySerialNumber, 0xA431).
        public var serial: String?

        public init(
            make: String? = nil, model: String? = nil, orientation: Int? = nil, dateTimeOriginal: String? = nil,
            subSecTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil, rating: Int? = nil
        ) {
            self.rating = rating
            self.make = make
            self.model = model
            self.orientation = orientation
            self.dateTimeOriginal = dateTimeOriginal
            self.subSecTimeOriginal = subSecTimeOriginal
            self.offsetTimeOriginal = offsetTimeOriginal
        }
    }

    private struct Entry {
        let tag: Int
        let type: Int
        let count: Int
        let value: [UInt8]
    }

    public static func tiff(_ fields: Fields) -> [UInt8] {
        var ifd0: [Entry] = []
        if let make = fields.make { ifd0.append(ascii(0x010F, make)) }
        if let model = fields.model { ifd0.append(ascii(0x0110, model)) }
        if let orientation = fields.orientation {
            ifd0.append(Entry(tag: 0x0112, type: 3, count: 1, value: be16(orientation) + [0, 0]))
        }
        if let rating = fields.rating {
            ifd0.append(Entry(tag: 0x4746, type: 3, count: 1, value: be16(rating) + [0, 0]))
        }
        if let date = fields.dateTime { ifd0.append(ascii(0x0132, date)) }
        var sub: [Entry] = []
        if let (n, d) = fields.exposure { sub.append(Entry(tag: 0x829A, type: 5, count: 1, value: be32(n) + be32(d))) }
        if let (n, d) = fields.fNumber { sub.append(Entry(tag: 0x829D, type: 5, count: 1, value: be32(n) + be32(d))) }
        if let iso = fields.iso { sub.append(Entry(tag: 0x8827, type: 3, count: 1, value: be16(iso) + [0, 0])) }
        if let lens = fields.lens { sub.append(ascii(0xA434, lens)) }
        if let serial = fields.serial { sub.append(ascii(0xA431, serial)) }
        if let date = fields.dateTimeOriginal { sub.append(ascii(0x9003, date)) }
        if let offset = fields.offsetTimeOriginal { sub.append(ascii(0x9011, offset)) }
        if let subsec = fields.subSecTimeOriginal { sub.append(ascii(0x9291, subsec)) }
        let ifd0Size = 2 + 12 * (ifd0.count + (sub.isEmpty ? 0 : 1)) + 4 + ifd0.reduce(0) { $0 + extra($1) }
        let subOffset = 8 + ifd0Size
        if !sub.isEmpty { ifd0.append(Entry(tag: 0x8769, type: 4, count: 1, value: be32(subOffset))) }
        var out: [UInt8] = Array("MM".utf8) + [0, 42] + be32(8)
        out += directory(ifd0, at: 8)
        if !sub.isEmpty { out += directory(sub, at: subOffset) }
        return out
    }

    private static func directory(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var dataOffset = offset + 2 + 12 * sorted.count + 4
        var head: [UInt8] = be16(sorted.count)
        var data: [UInt8] = []
        for entry in sorted {
            head += be16(entry.tag) + be16(entry.type) + be32(entry.count)
            if entry.value.count <= 4 {
                head += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                head += be32(dataOffset)
                data += entry.value
                if entry.value.count % 2 == 1 { data.append(0) }
                dataOffset += entry.value.count + entry.value.count % 2
            }
        }
        return head + be32(0) + data
    }

    private static func extra(_ entry: Entry) -> Int {
        entry.value.count <= 4 ? 0 : entry.value.count + entry.value.count % 2
    }
    private static func ascii(_ tag: Int, _ text: String) -> Entry {
        let bytes = Array(text.utf8) + [0]
        return Entry(tag: tag, type: 2, count: bytes.count, value: bytes)
    }
    private static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    private static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
}
