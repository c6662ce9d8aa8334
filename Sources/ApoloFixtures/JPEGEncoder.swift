import Foundation

/// A small baseline JPEG encoder (YCbCr 4:4:4, standard tables), so the project makes its own test photos.
public enum JPEGEncoder {
    /// Encodes RGB pixels (row-major, 3 bytes each) as a JPEG, with an optional EXIF block (TIFF bytes).
    public static func encode(width: Int, height: Int, rgb: [UInt8], exif: [UInt8]? = nil, quality: Int = 85) -> [UInt8]
    {
        let scale = quality < 50 ? 5000 / max(1, quality) : 200 - quality * 2
        let qLuma = JPEGTables.lumaQuant.map { max(1, min(255, ($0 * scale + 50) / 100)) }
        let qChroma = JPEGTables.chromaQuant.map { max(1, min(255, ($0 * scale + 50) / 100)) }
        var out: [UInt8] = [0xFF, 0xD8]
        if let exif { segment(&out, 0xE1, Array("Exif".utf8) + [0, 0] + exif) }
        let lumaTable: [UInt8] = JPEGTables.zigzag.map { UInt8(qLuma[$0]) }
        let chromaTable: [UInt8] = JPEGTables.zigzag.map { UInt8(qChroma[$0]) }
        segment(&out, 0xDB, [0] + lumaTable + [1] + chromaTable)
        segment(
            &out, 0xC0,
            [
                8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), 3,
                1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1
            ])
        var huffman: [UInt8] = [0x00] + JPEGTables.dcLumaBits
        huffman += JPEGTables.dcValues
        huffman += [0x10] + JPEGTables.acLumaBits
        huffman += JPEGTables.acLumaValues
        huffman += [0x01] + JPEGTables.dcChromaBits
        huffman += JPEGTables.dcValues
        huffman += [0x11] + JPEGTables.acChromaBits
        huffman += JPEGTables.acChromaValues
        segment(&out, 0xC4, huffman)
        segment(&out, 0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
        out += scan(width: width, height: height, rgb: rgb, quant: [qLuma, qChroma, qChroma])
        out += [0xFF, 0xD9]
        return out
    }

    private static func segment(_ out: inout [UInt8], _ marker: UInt8, _ body: [UInt8]) {
        out += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
    }

    /// cos((2x + 1)uπ/16) at index x * 8 + u.
    private static let cosines: [Double] = (0..<64).map { (i: Int) -> Double in
        let x = i / 8, u = i % 8
        let angle = Double((2 * x + 1) * u) * Double.pi / 16
        return cos(angle)
    }

    private static func scan(width: Int, height: Int, rgb: [UInt8], quant: [[Int]]) -> [UInt8] {
        let dc = [
            JPEGTables.codes(bits: JPEGTables.dcLumaBits, values: JPEGTables.dcValues),
            JPEGTables.codes(bits: JPEGTables.dcChromaBits, values: JPEGTables.dcValues)
        ]
        let ac = [
            JPEGTables.codes(bits: JPEGTables.acLumaBits, values: JPEGTables.acLumaValues),
            JPEGTables.codes(bits: JPEGTables.acChromaBits, values: JPEGTables.acChromaValues)
        ]
        var writer = BitWriter()
        var previous = [0, 0, 0]
        for by in stride(from: 0, to: height, by: 8) {
            for bx in stride(from: 0, to: width, by: 8) {
                let blocks = ycbcrBlocks(width, height, rgb, bx, by)
                for c in 0..<3 {
                    let coefficients = quantise(dct(blocks[c]), quant[c])
                    let table = c == 0 ? 0 : 1
                    encode(coefficients, &previous[c], dc[table], ac[table], &writer)
                }
            }
        }
        writer.flush()
        return writer.bytes
    }

    /// The 8×8 Y, Cb, Cr blocks at (bx, by), level-shifted, edges replicated.
    private static func ycbcrBlocks(_ width: Int, _ height: Int, _ rgb: [UInt8], _ bx: Int, _ by: Int) -> [[Double]] {
        var blocks = [[Double]](repeating: [Double](repeating: 0, count: 64), count: 3)
        for y in 0..<8 {
            for x in 0..<8 {
                let px = min(bx + x, width - 1), py = min(by + y, height - 1)
                let i = (py * width + px) * 3
                let r = Double(rgb[i]), g = Double(rgb[i + 1]), b = Double(rgb[i + 2])
                blocks[0][y * 8 + x] = 0.299 * r + 0.587 * g + 0.114 * b - 128
                blocks[1][y * 8 + x] = -0.168736 * r - 0.331264 * g + 0.5 * b
                blocks[2][y * 8 + x] = 0.5 * r - 0.418688 * g - 0.081312 * b
            }
        }
        return blocks
    }

    /// Separable 8×8 forward DCT: rows, then columns.
    private static func dct(_ block: [Double]) -> [Double] {
        var rows = [Double](repeating: 0, count: 64)
        for y in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for x in 0..<8 { sum += block[y * 8 + x] * cosines[x * 8 + u] }
                rows[y * 8 + u] = sum * (u == 0 ? 0.5.squareRoot() : 1) / 2
            }
        }
        var out = [Double](repeating: 0, count: 64)
        for u in 0..<8 {
            for v in 0..<8 {
                var sum = 0.0
                for y in 0..<8 { sum += rows[y * 8 + u] * cosines[y * 8 + v] }
                out[v * 8 + u] = sum * (v == 0 ? 0.5.squareRoot() : 1) / 2
            }
        }
        return out
    }

    private static func quantise(_ coefficients: [Double], _ q: [Int]) -> [Int] {
        JPEGTables.zigzag.map { Int((coefficients[$0] / Double(q[$0])).rounded()) }
    }

    private static func encode(
        _ zz: [Int], _ previous: inout Int, _ dc: [Int: (code: Int, length: Int)],
        _ ac: [Int: (code: Int, length: Int)], _ w: inout BitWriter
    ) {
        let diff = zz[0] - previous
        previous = zz[0]
        let size = magnitude(diff)
        if let code = dc[size] { w.write(code.code, code.length) }
        w.write(bits(diff, size), size)
        var run = 0
        for k in 1..<64 {
            if zz[k] == 0 {
                run += 1
                continue
            }
            while run > 15 {
                if let zrl = ac[0xF0] { w.write(zrl.code, zrl.length) }
                run -= 16
            }
            let s = magnitude(zz[k])
            if let code = ac[run << 4 | s] { w.write(code.code, code.length) }
            w.write(bits(zz[k], s), s)
            run = 0
        }
        if run > 0, let eob = ac[0x00] { w.write(eob.code, eob.length) }
    }

    private static func magnitude(_ v: Int) -> Int {
        var n = abs(v), size = 0
        while n > 0 {
            n >>= 1
            size += 1
        }
        return size
    }

    private static func bits(_ v: Int, _ size: Int) -> Int { v >= 0 ? v : v + (1 << size) - 1 }
}
