/// Focus as a photographer judges it at 100%: how steep the photo's most contrasted edges are on full-resolution
/// pixels. The picture is cut into 32 px tiles; the tenth of them with the widest contrast (2nd to 98th percentile
/// of grey, at least 20 levels) are the detail that matters. In each, the 99.5th percentile of the step between
/// neighbours (smoothed across the step, as Sobel's operator does, so sensor noise counts less) is divided by the
/// tile's contrast: a sharp edge crosses much of its contrast in one pixel, a blurred one a fraction. The measure
/// is the median over those tiles, taken across and down, and the lower of the two (motion blur is one-way).
/// The peak is the same median within the sharpest cell of a 4×4 grid holding at least three judged tiles: a
/// shallow depth of field keeps one crisp region. Calibrated on real photos judged at 100% (docs/deciding.md).
public enum Focus {
    /// Tile side in pixels, and the share of tiles (widest contrast first) that are judged.
    public static let tile = 32, judged = 0.1
    /// A tile with less contrast than this (grey levels) is not judged: noise would read as detail.
    public static let leastContrast = 20

    /// Steepness 0–1 of `grey` (rows packed, `width` a row) inside `area` (x, y, width, height; all when nil), and
    /// the 4×4 grid cell (row-major) holding the most judged tiles, and the peak (the sharpest such cell's
    /// steepness); nil when there is no detail to judge.
    public static func measure(
        grey: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        area: (x: Int, y: Int, width: Int, height: Int)? = nil, tile: Int = Focus.tile,
        judged: Double = Focus.judged
    ) -> (focus: Double, cell: Int, peak: Double)? {
        let a = area ?? (0, 0, width, height)
        let x0 = max(1, a.x), y0 = max(1, a.y)
        let x1 = min(width - 1, a.x + a.width), y1 = min(height - 1, a.y + a.height)
        guard grey.count >= width * height, x1 - x0 >= tile, y1 - y0 >= tile else { return nil }
        let columns = (x1 - x0) / tile, rows = (y1 - y0) / tile
        var tiles: [(contrast: Int, x: Int, y: Int)] = []
        tiles.reserveCapacity(columns * rows)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            for r in 0..<rows {
                for c in 0..<columns {
                    let x = x0 + c * tile, y = y0 + r * tile
                    let contrast = Self.contrast(grey, width, x, y, tile, counts)
                    if contrast >= leastContrast { tiles.append((contrast, x, y)) }
                }
            }
        }
        guard !tiles.isEmpty else { return nil }
        tiles.sort { $0.contrast > $1.contrast }
        let chosen = tiles.prefix(max(1, Int((Double(columns * rows) * judged).rounded())))
        var across: [Double] = [], down: [Double] = []
        var byCell = [(across: [Double], down: [Double])](repeating: ([], []), count: 16)
        for t in chosen {
            let (h, v) = Self.steepest(grey, width, t.x, t.y, tile)
            let cell = min(3, (t.y - a.y) * 4 / max(1, a.height)) * 4 + min(3, (t.x - a.x) * 4 / max(1, a.width))
            across.append(Double(h) / 4 / Double(t.contrast))
            down.append(Double(v) / 4 / Double(t.contrast))
            byCell[cell].across.append(across[across.count - 1])
            byCell[cell].down.append(down[down.count - 1])
        }
        let rounded = { (x: Double) in (min(1, x) * 1000).rounded() / 1000 }
        let peak = byCell.filter { $0.across.count >= 3 }.map { min(median($0.across), median($0.down)) }.max()
        let busiest = byCell.indices.max { byCell[$0].across.count < byCell[$1].across.count } ?? 0
        return (rounded(min(median(across), median(down))), busiest, rounded(peak ?? 0))
    }

    /// The 2nd-to-98th percentile spread of grey in one tile, from a histogram (`counts`: room for 256, reused).
    static func contrast(
        _ g: UnsafeBufferPointer<UInt8>, _ width: Int, _ x: Int, _ y: Int, _ side: Int,
        _ counts: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        counts.initialize(repeating: 0)
        for row in y..<(y + side) {
            let base = row * width
            for column in x..<(x + side) { counts[Int(g[base + column])] += 1 }
        }
        let cut = side * side / 50
        var low = 0, seen = 0
        while low < 255, seen + counts[low] <= cut { seen += counts[low]; low += 1 }
        var high = 255
        seen = 0
        while high > low, seen + counts[high] <= cut { seen += counts[high]; high -= 1 }
        return high - low
    }

    /// The 99.5th percentile of the smoothed steps across and down in one tile, four times the grey step (the
    /// [1 2 1] smoothing's weight).
    static func steepest(
        _ g: UnsafeBufferPointer<UInt8>, _ width: Int, _ x: Int, _ y: Int,
        _ side: Int
    ) -> (Int, Int) {
        var across = [Int](repeating: 0, count: 1021), down = [Int](repeating: 0, count: 1021)
        for row in y..<(y + side) {
            let up = (row - 1) * width, at = row * width, below = (row + 1) * width
            for column in x..<(x + side) {
                let h =
                    Int(g[up + column + 1]) + 2 * Int(g[at + column + 1]) + Int(g[below + column + 1])
                    - Int(g[up + column]) - 2 * Int(g[at + column]) - Int(g[below + column])
                let v =
                    Int(g[below + column - 1]) + 2 * Int(g[below + column]) + Int(g[below + column + 1])
                    - Int(g[at + column - 1]) - 2 * Int(g[at + column]) - Int(g[at + column + 1])
                across[abs(h)] += 1
                down[abs(v)] += 1
            }
        }
        let keep = max(1, side * side / 200)
        func top(_ counts: [Int]) -> Int {
            var seen = 0, value = 1020
            while value > 0 { seen += counts[value]; if seen >= keep { break }; value -= 1 }
            return value
        }
        return (top(across), top(down))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
