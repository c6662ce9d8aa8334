/// Writes Huffman-coded bits MSB first, stuffing a zero byte after every 0xFF.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer = 0
    private var count = 0

    mutating func write(_ value: Int, _ length: Int) {
        guard length > 0 else { return }
        buffer = buffer << length | (value & ((1 << length) - 1))
        count += length
        while count >= 8 {
            let byte = UInt8((buffer >> (count - 8)) & 0xFF)
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
            count -= 8
        }
        buffer &= (1 << count) - 1
    }

    /// Pads the last byte with one-bits.
    mutating func flush() {
        if count > 0 { write((1 << (8 - count)) - 1, 8 - count) }
    }
}
