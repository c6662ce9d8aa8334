/// Scenes with detail at every scale (value noise summed over octaves, about 1/f like a photograph, plus hard
/// edged shapes), and the changes a camera makes between frames: a shifted crop, an exposure step (blur is
/// `Capture`'s, in linear light).
public enum Texture {
    /// An RGB scene of `width` × `height` drawn from `seed`.
    public static func scene(width: Int, height: Int, seed: Int) -> [UInt8] {
        var random = Random(UInt64(seed) &* 2_654_435_761 &+ 1)
        var grey = [Double](repeating: 0.5, count: width * height)
        var cell = max(width, height) / 4, amplitude = 0.35
        while cell >= 2 {
            let columns = width / cell + 2, rows = height / cell + 2
            let grid = (0..<(columns * rows)).map { _ in random.unit() - 0.5 }
            for y in 0..<height {
                let gy = Double(y) / Double(cell), y0 = Int(gy), fy = gy - Double(y0)
                for x in 0..<width {
                    let gx = Double(x) / Double(cell), x0 = Int(gx), fx = gx - Double(x0)
                    let a = grid[y0 * columns + x0], b = grid[y0 * columns + x0 + 1]
                    let c = grid[(y0 + 1) * columns + x0], d = grid[(y0 + 1) * columns + x0 + 1]
                    let top = a * (1 - fx) + b * fx, bottom = c * (1 - fx) + d * fx
                    grey[y * width + x] += amplitude * (top * (1 - fy) + bottom * fy)
                }
            }
            cell /= 2
            amplitude *= 0.7
        }
        let tint = (0.6 + 0.4 * random.unit(), 0.6 + 0.4 * random.unit(), 0.6 + 0.4 * random.unit())
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            let v = grey[i]
            rgb[3 * i] = clamp(v * tint.0 * 255)
            rgb[3 * i + 1] = clamp(v * tint.1 * 255)
            rgb[3 * i + 2] = clamp(v * tint.2 * 255)
        }
        for _ in 0..<40 { shape(&rgb, width, height, &random) }
        return rgb
    }

    /// A hard-edged rectangle or disc of one colour.
    static func shape(_ rgb: inout [UInt8], _ width: Int, _ height: Int, _ random: inout Random) {
        let w = Int(Double(width) * (0.04 + 0.12 * random.unit()))
        let h = Int(Double(height) * (0.04 + 0.12 * random.unit()))
        let x0 = Int(Double(width - w) * random.unit()), y0 = Int(Double(height - h) * random.unit())
        let colour = (clamp(random.unit() * 255), clamp(random.unit() * 255), clamp(random.unit() * 255))
        let disc = random.unit() < 0.5
        for y in y0..<(y0 + h) {
            for x in x0..<(x0 + w) {
                let dx = Double(x - x0) / Double(w) - 0.5, dy = Double(y - y0) / Double(h) - 0.5
                if disc && dx * dx + dy * dy > 0.25 { continue }
                let i = (y * width + x) * 3
                (rgb[i], rgb[i + 1], rgb[i + 2]) = colour
            }
        }
    }

    /// The part of `rgb` (`width` wide) of `w` × `h` from (x, y), its brightness scaled by `gain`.
    public static func crop(_ rgb: [UInt8], width: Int, x: Int, y: Int, w: Int, h: Int, gain: Double = 1) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for row in 0..<h {
            for k in 0..<(w * 3) { out[row * w * 3 + k] = clamp(Double(rgb[((y + row) * width + x) * 3 + k]) * gain) }
        }
        return out
    }

    static func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
}

/// A small deterministic generator (SplitMix64).
public struct Random {
    private var state: UInt64

    public init(_ seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
