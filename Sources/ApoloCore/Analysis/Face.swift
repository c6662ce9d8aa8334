/// A face found in a photo: where it is, how sharp, and its eyes' opening as measured.
/// Derived data, cached with the photo's `Signals`.
public struct Face: Codable, Equatable, Sendable {
    /// x, y, width, height as shares (0–1) of the photo's width and height as shown (orientation applied).
    public var box: [Double]
    /// The face's width in pixels of detail where its landmarks were drawn (the face picture, about 1,536 a side,
    /// less any enlargement of a smaller photo): landmarks of a small face guess.
    public var pixels: Int
    /// The detector's confidence (YuNet: 0.7–1; dlib's HOG where YuNet is not installed: above 0.25).
    public var score: Double
    /// Each eye's aspect ratio (height over width from the landmarks; about 0.3 open, under 0.2 closed).
    public var eyes: [Double]
    /// Focus on the band across the face's eyes at full resolution, 0–1 as the photo's (see `Focus`).
    public var sharpness: Double
    /// The face's width in the photo's own pixels (where focus is judged); nil in faces measured before it was kept.
    public var wide: Int?
    /// The share of the face's box blown or crushed (see `Signals.blownFrom`); nil before it was kept.
    public var clipped: Double?
    /// Who the face is, as numbers (see `FaceIdentity`): nil when the identity model is not installed.
    public var identity: String?
    /// How shut each eye's pixels look (the face worker's eye-state model: above 0 shut, the higher the surer); nil
    /// in faces measured before it was kept.
    public var shut: [Double]?
    /// How far the face is turned sideways (0 facing the camera, 1 about 45°, 1.5 a profile); nil where the
    /// detector does not say (dlib's HOG finds frontal faces) or in faces measured before it was kept.
    public var turned: Double?

    public init(box: [Double], pixels: Int, score: Double, eyes: [Double], sharpness: Double) {
        self.box = box
        self.pixels = pixels
        self.score = score
        self.eyes = eyes
        self.sharpness = sharpness
    }

    /// The eyes' mean aspect ratio.
    public var opening: Double { eyes.isEmpty ? 0 : eyes.reduce(0, +) / Double(eyes.count) }

    /// True when two boxes cover mostly the same place (the same person in two frames of a burst).
    public func overlaps(_ other: Face) -> Bool {
        guard box.count == 4, other.box.count == 4 else { return false }
        let w = min(box[0] + box[2], other.box[0] + other.box[2]) - max(box[0], other.box[0])
        let h = min(box[1] + box[3], other.box[1] + other.box[3]) - max(box[1], other.box[1])
        guard w > 0, h > 0 else { return false }
        let shared = w * h, union = box[2] * box[3] + other.box[2] * other.box[3] - w * h
        return union > 0 && shared / union >= 0.3
    }
}

/// Whether a face's eyes are open, as far as can be told.
public enum Eyes: String, Codable, Sendable {
    case open, closed, unknown

    /// A face narrower than this in the analysed picture has landmarks too coarse to judge its eyes' opening (its
    /// eyes' pixels may still tell: see `shutPixels`).
    public static let minimumPixels = 60
    /// Alone: open at or above, closed below (Soukupová & Čech's eye aspect ratio; thresholds in use range
    /// 0.18–0.3; open eyes measure 0.32–0.35 on the committed portrait). Set on two thirds of 2,390 real faces
    /// (`bench/closed_eyes.py`): `closed` under 0.17 flags 2% of open eyes and no more; `open` from 0.22 leaves
    /// 13% of faces of 80 px or more `unknown` (20% from 0.24) and calls 12% of closed eyes open (6%).
    public static let openFrom = 0.22, closedBelow = 0.17
    /// The eye-state model's margins (see `Face.shut`): both eyes above `shutFrom` with the landmarks' opening
    /// under `openFrom` is closed (lowered lids the landmarks draw half open); both above `surelyShut`, closed
    /// whatever the landmarks say; both under `surelyOpen`, open where the opening alone could not tell; both
    /// under `looksOpen` makes an opening under `closedBelow` unknown (narrow eyes in a smile). Set on the tuning two
    /// thirds of `bench/closed_eyes.py`'s faces, where the model was fitted too (docs/deciding.md).
    public static let shutFrom = 0.0, surelyShut = 1.5, surelyOpen = -2.0, looksOpen = -0.5
    /// Faces from this wide to `minimumPixels` are judged by the eye-state model's sure margins alone: their
    /// landmarks are too coarse for an opening, not for the pixels around the eyes.
    public static let shutPixels = 40
    /// In a burst: closed when under this share of the same face's widest opening in the other frames, that
    /// one open (landmark models trained on 300-W draw closed eyes partly open, dlib #1946: a frame-to-frame drop
    /// is the fairer sign).
    public static let relativeClosed = 0.7
    /// A face turned further than this (`Face.turned`: about 45°) has eyes that cannot be told: one is half hidden,
    /// and the landmark model, trained on faces turned less, draws them where they are not.
    public static let mostTurned = 1.0

    /// The eyes of `face`, judged against the same face in `siblings` (the other frames of its stack) when any.
    public static func of(_ face: Face, siblings: [Face] = []) -> Eyes {
        guard face.eyes.count == 2, (face.turned ?? 0) <= mostTurned else { return .unknown }
        let shut = face.shut.flatMap { $0.count == 2 ? $0 : nil }
        guard face.pixels >= minimumPixels else { return face.pixels >= shutPixels ? surely(shut) : .unknown }
        let widest = siblings.filter { $0.overlaps(face) && $0.pixels >= minimumPixels }.map(\.opening).max()
        if let widest, widest >= openFrom, face.opening < widest * relativeClosed { return .closed }
        if face.opening < closedBelow { return (shut?.max() ?? 0) < looksOpen ? .unknown : .closed }
        if let least = shut?.min(), least > shutFrom, face.opening < openFrom || least > surelyShut { return .closed }
        if face.opening >= openFrom { return .open }
        return surely(shut) == .open ? .open : .unknown
    }

    /// What the eye-state model's margins say where they are sure: both eyes shut, or both open.
    static func surely(_ shut: [Double]?) -> Eyes {
        guard let shut, let least = shut.min(), let most = shut.max() else { return .unknown }
        return least > surelyShut ? .closed : most < surelyOpen ? .open : .unknown
    }
}

/// A face as the face finder gives it, in the face picture's pixels.
public struct FoundFace: Sendable, Equatable {
    public var x, y, width, height: Int
    public var score: Double
    public var eyes: [Double]
    /// The identity descriptor (see `FaceIdentity`), nil when none was made.
    public var identity: [Float]?
    /// How shut each eye's pixels look (see `Face.shut`).
    public var shut: [Double]?
    /// How far the face is turned (see `Face.turned`).
    public var turned: Double?

    public init(
        x: Int, y: Int, width: Int, height: Int, score: Double, eyes: [Double], identity: [Float]? = nil,
        shut: [Double]? = nil, turned: Double? = nil
    ) {
        (self.x, self.y, self.width, self.height, self.score, self.eyes) = (x, y, width, height, score, eyes)
        (self.identity, self.shut, self.turned) = (identity, shut, turned)
    }

    /// The face as kept: its box in shares of the picture (`width` × `height`, enlarged `enlarged` times from the
    /// photo); its sharpness is measured later, at full resolution (`Signals.focus(on:)`).
    public func face(width: Int, height: Int, enlarged: Double = 1) -> Face {
        let left = max(0, x), top = max(0, y)
        let right = min(width, x + self.width), bottom = min(height, y + self.height)
        let share = { (value: Int, whole: Int) in (Double(value) / Double(max(1, whole)) * 1000).rounded() / 1000 }
        let box = [share(left, width), share(top, height), share(right - left, width), share(bottom - top, height)]
        var face = Face(
            box: box,
            pixels: Int(Double(right - left) / max(1, enlarged)), score: (score * 1000).rounded() / 1000,
            eyes: eyes.map { ($0 * 1000).rounded() / 1000 }, sharpness: 0)
        face.identity = identity.flatMap(FaceIdentity.encode)
        face.shut = shut?.map { ($0 * 100).rounded() / 100 }
        face.turned = turned.map { ($0 * 100).rounded() / 100 }
        return face
    }
}
