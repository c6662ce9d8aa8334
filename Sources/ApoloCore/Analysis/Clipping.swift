/// The clipped pixels of an 8-bit RGB picture: the shares blown and crushed, black bars along its edges left out
/// (a letterboxed or pillarboxed copy pads with black on purpose), and how bright its brightest part is.
struct Clipping {
    let highlights: Double, shadows: Double
    /// The grey level passed only by the brightest 0.5% of pixels, and the one only the darkest 0.5% are under.
    let brightest: Int, darkest: Int
    private let blown: [Bool], crushed: [Bool], width: Int, height: Int

    /// `rgb` 3 bytes a pixel and `grey` a byte a pixel, rows packed, both `width` × `height` (checked by the caller).
    init(rgb: [UInt8], grey: [UInt8], width: Int, height: Int) {
        let count = width * height
        var blown = [Bool](repeating: false, count: count), crushed = blown
        var levels = [Int](repeating: 0, count: 256)
        for i in 0..<count {
            let r = rgb[3 * i], g = rgb[3 * i + 1], b = rgb[3 * i + 2]
            blown[i] = min(r, g, b) >= Signals.blownFrom
            crushed[i] = max(r, g, b) <= Signals.crushedAtMost
            levels[Int(grey[i])] += 1
        }
        let bars = Self.bars(crushed, width, height)
        let inside = max(1, (width - bars.left - bars.right) * (height - bars.top - bars.bottom))
        var b = 0, c = 0
        for y in bars.top..<(height - bars.bottom) {
            for x in bars.left..<(width - bars.right) {
                if blown[y * width + x] { b += 1 }
                if crushed[y * width + x] { c += 1 }
            }
        }
        var seen = 0, level = 255
        while level > 0, seen + levels[level] <= count / 200 { seen += levels[level]; level -= 1 }
        var under = 0, low = 0
        while low < 255, under + levels[low] <= count / 200 { under += levels[low]; low += 1 }
        (highlights, shadows) = (Double(b) / Double(inside), Double(c) / Double(inside))
        (brightest, darkest) = (level, low)
        (self.blown, self.crushed, self.width, self.height) = (blown, crushed, width, height)
    }

    /// The share of the box (x, y, width, height in shares of the picture) that is blown or crushed.
    func share(in box: [Double]) -> Double? {
        guard box.count == 4 else { return nil }
        let x0 = max(0, Int(box[0] * Double(width))), y0 = max(0, Int(box[1] * Double(height)))
        let x1 = min(width, x0 + Int(box[2] * Double(width))), y1 = min(height, y0 + Int(box[3] * Double(height)))
        guard x1 > x0, y1 > y0 else { return nil }
        var clipped = 0
        for y in y0..<y1 {
            for x in x0..<x1 where blown[y * width + x] || crushed[y * width + x] { clipped += 1 }
        }
        return (Double(clipped) / Double((x1 - x0) * (y1 - y0)) * 1000).rounded() / 1000
    }

    /// How many whole rows and columns at each edge are crushed (98% of their pixels or more), at most a third of
    /// the picture each.
    static func bars(_ crushed: [Bool], _ width: Int, _ height: Int)
        -> (top: Int, bottom: Int, left: Int, right: Int)
    {
        let row = { (y: Int) in (0..<width).reduce(0) { $0 + (crushed[y * width + $1] ? 1 : 0) } * 50 >= width * 49 }
        let column = { (x: Int) in
            (0..<height).reduce(0) { $0 + (crushed[$1 * width + x] ? 1 : 0) } * 50 >= height * 49
        }
        var top = 0, bottom = 0, left = 0, right = 0
        while top < height / 3, row(top) { top += 1 }
        while bottom < height / 3, row(height - 1 - bottom) { bottom += 1 }
        while left < width / 3, column(left) { left += 1 }
        while right < width / 3, column(width - 1 - right) { right += 1 }
        // a bar is a band of several rows; one black row is the photo's own
        return (top >= 4 ? top : 0, bottom >= 4 ? bottom : 0, left >= 4 ? left : 0, right >= 4 ? right : 0)
    }
}
