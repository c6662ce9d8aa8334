/// What apolo measures of a photo's pixels, once, to help decide: sharpness, clipping, a look and faces.
/// Derived data (kept in the cache, never in the project document): focus from the full-resolution picture,
/// faces found in a colour copy about 1,024 px on a side and judged on a grey one about 1,536 px, the rest from one
/// about 1,536 px. What they mean for the photographer (sharp, soft or can't tell; a lost exposure) is judged in
/// `Signals+Judgement` and `Analysis+Focus`.
public struct Signals: Codable, Equatable, Sendable {
    /// Bumped when a measure changes, so that older cached values are measured again (9: faces found in colour).
    public static let version = 9
    /// A pixel is blown when every channel is at least this (white, not a saturated colour), crushed when every
    /// channel is at most `crushedAtMost`.
    public static let blownFrom = 250, crushedAtMost = 3

    /// 0 (all blur) to 1 (crisp): the steepness of the photo's most contrasted edges at 100% (see `Focus`).
    public var sharpness: Double
    /// Where in a 4×4 grid (row-major, 0–15) most of the detail judged for focus is.
    public var region: Int {
        get { Int(small.region) }
        set { small.region = Int16(clamping: newValue) }
    }
    /// The sharpness of the crispest of those 16 regions (0 when none has enough detail): a shallow depth of field.
    public var peak: Double = 0
    /// Share of pixels with every channel at 250 or more (blown), and with every channel at 3 or less (crushed);
    /// black bars along the edges (a letterboxed copy) are not counted.
    public var highlights: Double
    public var shadows: Double
    /// The grey level (0–255) that only the brightest 0.5% of pixels pass: under 200, nothing in the photo is bright.
    public var brightest: Int {
        get { Int(small.brightest) }
        set { small.brightest = Int16(clamping: newValue) }
    }
    /// The grey level only the darkest 0.5% of pixels are under: from 90, no shadow is left (a washed-out picture).
    public var darkest: Int {
        get { Int(small.darkest) }
        set { small.darkest = Int16(clamping: newValue) }
    }
    /// The three small numbers above, held in 6 bytes, not 24: an analysis holds every photo's signals (at 200,000
    /// photos a table of 524,288 slots, each as large as `Signals`). Wide enough that a value out of its range in a
    /// cache entry stays out of range, and the entry is refused.
    private var small = Small()
    private struct Small: Codable, Equatable, Sendable {
        var region: Int16 = 0, brightest: Int16 = 255, darkest: Int16 = 0
    }
    /// The picture in 24 × 18 grey cells (see `Look`): what stacks compare.
    public var look: [UInt8]
    /// The faces found, or nil when faces were not looked for (the face finder is not installed, say).
    public var faces: [Face]?
    /// True when faces were looked for across the whole photo from 40 px (`apolo analyze --small-faces`), not only
    /// from about 4% of its side and around the faces found.
    public var smallFaces = false
    /// True when the faces were found by dlib's older detector because YuNet's model was missing or unreadable: such
    /// photos are measured again once YuNet finds faces.
    public var fewerFaces: Bool?

    public init(
        sharpness: Double, region: Int = 0, highlights: Double = 0, shadows: Double = 0,
        look: [UInt8] = []
    ) {
        self.sharpness = sharpness
        self.small.region = Int16(clamping: region)
        self.highlights = highlights
        self.shadows = shadows
        self.look = look
    }

    /// True when two frames show one scene (see `Look`); never when either has no look.
    public func sameScene(as other: Signals) -> Bool {
        (Look.distance(look, other.look) ?? .infinity) < Look.sameSceneBelow
    }

    /// Measures an 8-bit RGB picture (3 bytes a pixel, rows packed; `grey`, the same picture as grey when already
    /// made); `faces`, the faces found in the photo (nil when they were not looked for). Focus, the photo's and each
    /// face's, is measured on `full` (the same picture at full resolution, grey) when given, else on this one.
    public static func measure(
        rgb: [UInt8], width: Int, height: Int, grey given: [UInt8]? = nil,
        faces: [Face]? = nil, full: FullPicture? = nil
    ) -> Signals {
        let count = width * height
        guard count > 0, rgb.count >= count * 3 else { return Signals(sharpness: 0) }
        let grey =
            given.flatMap { $0.count == count ? $0 : nil }
            ?? rgb.withUnsafeBufferPointer { Self.grey(rgb: UnsafeBufferPointer(rebasing: $0[0..<(count * 3)])) }
        let clipping = Clipping(rgb: rgb, grey: grey, width: width, height: height)
        var signals = Signals(
            sharpness: 0, highlights: clipping.highlights, shadows: clipping.shadows,
            look: Look.of(grey: grey, width: width, height: height))
        (signals.brightest, signals.darkest) = (clipping.brightest, clipping.darkest)
        signals.faces = faces?.map { face in
            var face = face
            face.clipped = clipping.share(in: face.box)
            return face
        }
        if let full {
            signals.focus(on: full)
        } else {
            grey.withUnsafeBufferPointer { signals.focus(on: FullPicture(grey: $0, width: width, height: height)) }
        }
        return signals
    }

    /// Packed 8-bit RGB as grey (Rec. 601 luma, integer weights), a byte a pixel.
    public static func grey(rgb: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: rgb.count / 3) { out, made in
            for i in 0..<(rgb.count / 3) {
                let r = Int(rgb[3 * i]), g = Int(rgb[3 * i + 1]), b = Int(rgb[3 * i + 2])
                out[i] = UInt8((r * 77 + g * 150 + b * 29) >> 8)
            }
            made = rgb.count / 3
        }
    }

    /// Sets the photo's sharpness and its faces' (on their eyes' band) from the picture at full resolution.
    public mutating func focus(on full: FullPicture) {
        let measured = Focus.measure(grey: full.grey, width: full.width, height: full.height)
        (sharpness, region, peak) = (measured?.focus ?? 0, measured?.cell ?? 0, measured?.peak ?? 0)
        faces = faces?.map { face in
            var face = face
            face.sharpness = full.faceFocus(face.box) ?? 0
            face.wide = face.box.count == 4 ? Int(face.box[2] * Double(full.width)) : nil
            return face
        }
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
        let area = (
            x: Int(box[0] * Double(width)), y: Int(box[1] * Double(height)) + h * 15 / 100,
            width: w, height: h * 45 / 100
        )
        let side = min(Focus.tile, max(8, w / 8))
        return Focus.measure(grey: grey, width: width, height: height, area: area, tile: side, judged: 0.25)?.focus
    }
}
