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
        let sums = grey.withUnsafeBufferPointer { regionSums($0, width, height) }
        var regions: [(sharpness: Double, detail: Double, index: Int)] = []
        for index in 0..<(rows * columns) {
            let (row, column) = (index / columns, index % columns)
            let steps = Double(max(1, ((column + 1) * width / columns - column * width / columns)
                                      * ((row + 1) * height / rows - row * height / rows)))
            let s = sums[index]
            let blur = { (original: Int, lost: Int) in original > 0 ? Double(original - lost) / Double(original) : 1 }
            let detail = Double(s.across + s.down) / 9 / (2 * steps)
            regions.append((1 - max(blur(s.across, s.lostAcross), blur(s.down, s.lostDown)), detail, index))
        }
        let busiest = regions.map(\.detail).max() ?? 0
        let scored = regions.filter { $0.detail >= max(flatBelow, plainBelow * busiest) }
            .map { ($0.sharpness, $0.index) }.sorted { $0.0 > $1.0 }
        guard !scored.isEmpty else { return (0, 0) }
        let best = scored.prefix(2)
        return (best.map(\.0).reduce(0, +) / Double(best.count), scored[0].1)
    }

    /// Per region, nine times the summed steps between neighbours across and down, and the part of them a 1×9
    /// box re-blur removes. The box's step between neighbours is the difference of the two pixels entering and
    /// leaving its window (edges repeat the last pixel), so no blurred copy is made: one pass, integers only.
    static func regionSums(_ g: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int)
        -> [(across: Int, lostAcross: Int, down: Int, lostDown: Int)] {
        var sums = [(across: Int, lostAcross: Int, down: Int, lostDown: Int)](repeating: (0, 0, 0, 0),
                                                                               count: rows * columns)
        let tile = (0..<width).map { $0 * columns / width }
        for y in 0..<height {
            let rowBase = (y * rows / height) * columns, at = y * width
            let ahead = min(y + 4, height - 1) * width, behind = max(y - 5, 0) * width
            for x in 0..<width {
                let f = Int(g[at + x])
                var across = 0, lostAcross = 0, down = 0, lostDown = 0
                if x > 0 {
                    across = 9 * abs(f - Int(g[at + x - 1]))
                    let box = abs(Int(g[at + min(x + 4, width - 1)]) - Int(g[at + max(x - 5, 0)]))
                    lostAcross = max(0, across - box)
                }
                if y > 0 {
                    down = 9 * abs(f - Int(g[at - width + x]))
                    lostDown = max(0, down - abs(Int(g[ahead + x]) - Int(g[behind + x])))
                }
                let k = rowBase + tile[x]
                sums[k].across += across
                sums[k].lostAcross += lostAcross
                sums[k].down += down
                sums[k].lostDown += lostDown
            }
        }
        return sums
    }
}
