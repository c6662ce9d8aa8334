/// Bounds-checked reads of big- and little-endian integers from a byte array; any offset or length, however
/// large or negative, gives nil rather than a trap.
struct Bytes {
    let data: [UInt8]
    var count: Int { data.count }

    init(_ data: [UInt8]) { self.data = data }

    func u8(_ at: Int) -> Int? { at >= 0 && at < data.count ? Int(data[at]) : nil }

    func u16(_ at: Int, littleEndian: Bool = false) -> Int? {
        guard at >= 0, at <= data.count - 2 else { return nil }
        let a = Int(data[at]), b = Int(data[at + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u24le(_ at: Int) -> Int? {
        guard at >= 0, at <= data.count - 3 else { return nil }
        return Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16
    }

    func u32(_ at: Int, littleEndian: Bool = false) -> Int? {
        guard let hi = u16(at, littleEndian: littleEndian), let lo = u16(at + 2, littleEndian: littleEndian) else {
            return nil
        }
        return littleEndian ? lo << 16 | hi : hi << 16 | lo
    }

    func matches(_ text: String, at: Int) -> Bool {
        let pattern = Array(text.utf8)
        guard at >= 0, at <= data.count - pattern.count else { return false }
        return data[at..<(at + pattern.count)].elementsEqual(pattern)
    }

    func slice(_ at: Int, _ length: Int) -> [UInt8]? {
        guard at >= 0, length >= 0, at <= data.count, length <= data.count - at else { return nil }
        return Array(data[at..<(at + length)])
    }
}
