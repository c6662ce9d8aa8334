/// What apolo measures of a photo's pixels, once, to help decide: sharpness, clipping and a look-alike hash.
/// Derived data (kept in the cache, never in the project document): focus from the full-resolution picture,
/// the rest from a decode about 1,024 px on a side.
public struct Signals: Codable, Equatable, Sendable {
    /// Bumped when a measure changes, so that older cached values are measured again.
    public static let version = 3
    /// Below this sharpness a photo (or a face) is `blurry`: calibrated on real camera blur (see `Focus`).
    public static let blurryBelow = 0.18
    /// Above these shares of the picture, highlights are clipped or shadows crushed: an exposure problem, not a
    /// saturated colour, a few speculars or a black background (see README, "What is measured").
    public static let highlightsAbove = 0.05, shadowsAbove = 0.20
    /// A pixel is blown when every channel is at least this (white, not a saturated colour), crushed when every
    /// channel is at most `crushedAtMost`.
    public static let blownFrom = 250, crushedAtMost = 3

    /// 0 (all blur) to 1 (crisp): the steepness of the photo's most contrasted edges at 100% (see `Focus`).
    public var sharpness: Double
    /// Where in a 4×4 grid (row-major, 0–15) most of the detail judged for focus is.
    public var region: Int
    /// Share of pixels with every channel at 250 or more (blown), and with every channel at 3 or less (crushed).
    public var highlights: Double
    public var shadows: Double
    /// 64-bit difference hash of the picture shrunk to 9×8 grey (Krawetz's dHash).
    public var hash: UInt64
    /// The picture in 24 × 18 grey cells (see `Look`); empty when not measured.
    public var look: [UInt8] = []
    /// The faces found, or nil when faces were not looked for (the face finder is not installed, say).
    public var faces: [Face]?

    public init(sharpness: Double, region: Int = 0, highlights: Double = 0, shadows: Double = 0, hash: UInt64 = 0) {
        self.sharpness = sharpness
        self.region = region
        self.highlights = highlights
        self.shadows = shadows
        self.hash = hash
    }

    public var blurry: Bool { sharpness < Self.blurryBelow }
    public var highlightsClipped: Bool { highlights > Self.highlightsAbove }
    public var shadowsClipped: Bool { shadows > Self.shadowsAbove }
    public var clipped: Bool { highlightsClipped || shadowsClipped }

    /// Bits that differ between two hashes: 0 for the same picture, a few for a variation of it.
    public func distance(to other: Signals) -> Int { (hash ^ other.hash).nonzeroBitCount }

    /// True when two frames show one scene: by their looks (`Look`), or by their hashes when a look is missing.
    public func sameScene(as other: Signals) -> Bool {
        if let d = Look.distance(look, other.look) { return d < Look.sameSceneBelow }
        return distance(to: other) <= Stacks.similarWithin
    }

    /// Measures an 8-bit RGB picture (3 bytes a pixel, rows packed); `found`, the faces the face finder found in
    /// it (nil when it did not look). Focus, the photo's and each face's, is measured on `full` (the same picture
    /// at full resolution, grey) when given, else on this one.
    public static func measure(rgb: [UInt8], width: Int, height: Int, found: [FoundFace]? = nil,
                               full: FullPicture? = nil) -> Signals {
        let count = width * height
        guard count > 0, rgb.count >= count * 3 else { return Signals(sharpness: 0) }
        var grey = [UInt8](repeating: 0, count: count)
        var blown = 0, crushed = 0
        for i in 0..<count {
            let r = Int(rgb[3 * i]), g = Int(rgb[3 * i + 1]), b = Int(rgb[3 * i + 2])
            grey[i] = UInt8((r * 77 + g * 150 + b * 29) >> 8)
            if min(r, g, b) >= Self.blownFrom { blown += 1 }
            if max(r, g, b) <= Self.crushedAtMost { crushed += 1 }
        }
        var signals = Signals(sharpness: 0, highlights: Double(blown) / Double(count),
                              shadows: Double(crushed) / Double(count),
                              hash: differenceHash(grey: grey, width: width, height: height))
        signals.look = Look.of(grey: grey, width: width, height: height)
        signals.faces = found?.map { $0.face(width: width, height: height) }
        if let full { signals.focus(on: full) } else {
            grey.withUnsafeBufferPointer { signals.focus(on: FullPicture(grey: $0, width: width, height: height)) }
        }
        return signals
    }

    /// Sets the photo's sharpness and its faces' (on their eyes' band) from the picture at full resolution.
    public mutating func focus(on full: FullPicture) {
        let measured = Focus.measure(grey: full.grey, width: full.width, height: full.height)
        (sharpness, region) = (measured?.focus ?? 0, measured?.cell ?? 0)
        faces = faces?.map { face in
            var face = face
            face.sharpness = full.faceFocus(face.box) ?? 0
            return face
        }
    }

    /// dHash: the picture averaged into 9×8 cells; a bit per cell that is brighter than its right neighbour.
    public static func differenceHash(grey: [UInt8], width: Int, height: Int) -> UInt64 {
        var cells = [Double](repeating: 0, count: 72), counts = [Double](repeating: 0, count: 72)
        let column = (0..<width).map { $0 * 9 / width }
        var perColumn = [Double](repeating: 0, count: 9)
        for c in column { perColumn[c] += 1 }
        var sums = [Int](repeating: 0, count: 9)
        for y in 0..<height {
            let row = y * 8 / height * 9
            for c in 0..<9 { sums[c] = 0 }
            for x in 0..<width { sums[column[x]] += Int(grey[y * width + x]) }
            for c in 0..<9 {
                cells[row + c] += Double(sums[c])
                counts[row + c] += perColumn[c]
            }
        }
        var hash: UInt64 = 0
        for row in 0..<8 {
            for column in 0..<8 {
                let a = cells[row * 9 + column] / max(1, counts[row * 9 + column])
                let b = cells[row * 9 + column + 1] / max(1, counts[row * 9 + column + 1])
                hash = hash << 1 | (a > b ? 1 : 0)
            }
        }
        return hash
    }
}

/// A picture at full resolution, grey, upright as shown (orientation applied), rows packed: what focus is
/// measured on. Borrowed for the call, not kept.
public struct FullPicture {
    public let grey: UnsafeBufferPointer<UInt8>
    public let width, height: Int

    public init(grey: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        (self.grey, self.width, self.height) = (grey, width, height)
    }

    /// The focus of a face whose box is given in shares of the picture, measured on the band across its eyes
    /// (from 15% to 60% of its height: brows, lashes, irises), in tiles an eighth of the face wide; nil when the
    /// band has no detail.
    public func faceFocus(_ box: [Double]) -> Double? {
        guard box.count == 4 else { return nil }
        let w = Int(box[2] * Double(width)), h = Int(box[3] * Double(height))
        let area = (x: Int(box[0] * Double(width)), y: Int(box[1] * Double(height)) + h * 15 / 100,
                    width: w, height: h * 45 / 100)
        let side = min(Focus.tile, max(8, w / 8))
        return Focus.measure(grey: grey, width: width, height: height, area: area, tile: side, judged: 0.25)?.focus
    }
}
