/// What a frame looks like, small enough to compare every pair of neighbours: the grey picture averaged into 24 × 18
/// cells. Two frames are of one scene when, after the best shift of up to two cells each way (a burst reframes by
/// a few percent), their cells differ by less than `sameSceneBelow` once each is brought to mean 0 and spread 1
/// (so an exposure step changes nothing). Measured on real photos: frames of one scene 0.35–0.39 apart, different
/// scenes 0.60 and more (see docs/deciding.md, "Stacks").
public enum Look {
    public static let columns = 24, rows = 18
    /// Mean absolute difference of the normalised cells under which two frames are one scene.
    public static let sameSceneBelow = 0.5
    static let shift = 2

    /// The cells of a grey picture (rows packed), each 0–255.
    public static func of(grey: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0, grey.count >= width * height else { return [] }
        var sums = [Int](repeating: 0, count: columns * rows), counts = sums
        let column = (0..<width).map { $0 * columns / width }
        for y in 0..<height {
            let row = y * rows / height * columns, base = y * width
            for x in 0..<width {
                sums[row + column[x]] += Int(grey[base + x])
                counts[row + column[x]] += 1
            }
        }
        return zip(sums, counts).map { UInt8($1 > 0 ? $0 / $1 : 0) }
    }

    /// How different two looks are (0 the same; about 0.8 for unrelated pictures); nil when either is missing.
    public static func distance(_ a: [UInt8], _ b: [UInt8]) -> Double? {
        guard a.count == columns * rows, b.count == columns * rows else { return nil }
        var best = Double.infinity
        for dy in -shift...shift {
            for dx in -shift...shift { best = min(best, difference(a, b, dx, dy)) }
        }
        return best
    }

    /// Mean absolute difference of the overlapping cells of `a` and of `b` moved by (dx, dy), each normalised.
    static func difference(_ a: [UInt8], _ b: [UInt8], _ dx: Int, _ dy: Int) -> Double {
        var pa: [Double] = [], pb: [Double] = []
        for y in max(0, dy)..<(rows + min(0, dy)) {
            for x in max(0, dx)..<(columns + min(0, dx)) {
                pa.append(Double(a[y * columns + x]))
                pb.append(Double(b[(y - dy) * columns + x - dx]))
            }
        }
        let na = normalised(pa), nb = normalised(pb)
        return zip(na, nb).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(max(1, na.count))
    }

    static func normalised(_ v: [Double]) -> [Double] {
        let mean = v.reduce(0, +) / Double(max(1, v.count))
        let spread = (v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(1, v.count))).squareRoot()
        return v.map { ($0 - mean) / max(spread, 1e-6) }
    }
}
