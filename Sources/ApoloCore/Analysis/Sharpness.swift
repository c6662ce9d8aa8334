/// Crété-Roffet et al. (2007), "The Blur Effect": blur a grey picture again with a 1×9 box, across and down, and
/// see how much of its neighbour-to-neighbour variation the re-blur removes. A sharp picture loses much of it
/// (the blur is 0), an already blurred one little (towards 1). Measured per direction, so that motion blur along
/// one axis counts, and per region, so that a shallow depth of field around a sharp subject is not "blurry".
public enum Sharpness {
    /// The grid of regions each picture is measured in.
    public static let columns = 4, rows = 4
    /// A region whose mean step between neighbours is below this share of the busiest region's is too plain to
    /// judge (a sky: its JPEG noise would read as detail); below `flatBelow` (0–255 grey) a picture has no detail.
    public static let plainBelow = 0.25, flatBelow = 0.2

    /// Sharpness of a grey picture, 0 (all blur) to 1, and the region it was found in (row-major in the 4×4
    /// grid): the mean of the two sharpest regions that have detail, each region scored by its blurrier direction.
    public static func measure(grey: [UInt8], width: Int, height: Int) -> (sharpness: Double, region: Int) {
        guard width >= 16, height >= 16, grey.count >= width * height else { return (0, 0) }
        let across = Directional(grey: grey, width: width, height: height, horizontal: true)
        let down = Directional(grey: grey, width: width, height: height, horizontal: false)
        var regions: [(sharpness: Double, detail: Double, index: Int)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let x0 = column * width / columns, x1 = (column + 1) * width / columns
                let y0 = row * height / rows, y1 = (row + 1) * height / rows
                let h = across.sums(x0, x1, y0, y1), v = down.sums(x0, x1, y0, y1)
                let steps = Double(max(1, (x1 - x0) * (y1 - y0)))
                let detail = (h.original + v.original) / (2 * steps)
                regions.append((1 - max(h.blur, v.blur), detail, row * columns + column))
            }
        }
        let busiest = regions.map(\.detail).max() ?? 0
        let scored = regions.filter { $0.detail >= max(flatBelow, plainBelow * busiest) }
            .map { ($0.sharpness, $0.index) }.sorted { $0.0 > $1.0 }
        guard !scored.isEmpty else { return (0, 0) }
        let best = scored.prefix(2)
        return (best.map(\.0).reduce(0, +) / Double(best.count), scored[0].1)
    }
}

/// One direction's per-pixel variations, before and after the 1×9 re-blur, summed over any rectangle.
struct Directional {
    /// Running sums (one row longer and one column wider) of the original's and the lost variation.
    private let original: [Double], lost: [Double]
    private let stride: Int

    init(grey: [UInt8], width: Int, height: Int, horizontal: Bool) {
        stride = width + 1
        var original = [Double](repeating: 0, count: (width + 1) * (height + 1)), lost = original
        let blurred = Directional.box(grey, width, height, horizontal)
        for y in 0..<height {
            var rowOriginal = 0.0, rowLost = 0.0
            for x in 0..<width {
                var d = 0.0, v = 0.0
                if horizontal ? x > 0 : y > 0 {
                    let i = y * width + x, j = horizontal ? i - 1 : i - width
                    d = abs(Double(grey[i]) - Double(grey[j]))
                    let db = abs(blurred[i] - blurred[j])
                    v = max(0, d - db)
                }
                rowOriginal += d
                rowLost += v
                original[(y + 1) * stride + x + 1] = original[y * stride + x + 1] + rowOriginal
                lost[(y + 1) * stride + x + 1] = lost[y * stride + x + 1] + rowLost
            }
        }
        self.original = original
        self.lost = lost
    }

    /// The original variation in a rectangle and the blur there: the share the re-blur could not remove.
    func sums(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> (original: Double, blur: Double) {
        func sum(_ t: [Double]) -> Double {
            t[y1 * stride + x1] - t[y0 * stride + x1] - t[y1 * stride + x0] + t[y0 * stride + x0]
        }
        let o = sum(original), v = sum(lost)
        return (o, o > 0 ? (o - v) / o : 1)
    }

    /// The picture averaged over 9 neighbours along one axis (edges repeat the last pixel).
    static func box(_ grey: [UInt8], _ width: Int, _ height: Int, _ horizontal: Bool) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        let (lines, length) = horizontal ? (height, width) : (width, height)
        for line in 0..<lines {
            let at = { (k: Int) -> Int in
                let k = min(max(k, 0), length - 1)
                return horizontal ? line * width + k : k * width + line
            }
            var sum = 0.0
            for k in -4...4 { sum += Double(grey[at(k)]) }
            for k in 0..<length {
                out[at(k)] = sum / 9
                sum += Double(grey[at(k + 5)]) - Double(grey[at(k - 4)])
            }
        }
        return out
    }
}
