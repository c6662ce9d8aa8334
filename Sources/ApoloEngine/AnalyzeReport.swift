import ApoloCore

/// What `apolo analyze` (or an import's analysis) did.
public struct AnalyzeReport: Encodable, Sendable {
    public struct Problem: Encodable, Sendable {
        public let id: PhotoID
        public let path: String
        public let reason: String
    }

    /// Photos measured now, photos whose signals were already cached, photos that could not be measured now,
    /// photos an earlier analysis could not measure (not tried again without `--again`).
    public var measured = 0
    public var cached = 0
    public var failed: [Problem] = []
    public var unmeasurable = 0
    /// Stacks found, photos in them, photos flagged.
    public var stacks = 0
    public var stacked = 0
    public var blurry = 0
    public var clipped = 0
    /// Photos whose focus apolo can't tell (too little detail, or between soft and sharp).
    public var unsure = 0
    /// Photos with faces, and with some face's eyes closed; why faces are off (absent while they are on).
    public var withFaces = 0
    public var closedEyes = 0
    public var faces: String?
    /// Why faces were found by dlib's older detector though nobody chose it (absent when YuNet found them).
    public var facesFewer: String?
    /// Photos measured without faces because the face finder crashed or hung on them (looked at again next time).
    public var facesFailed = 0
    /// With `--small-faces`: photos looked at whole for faces from 40 px, and the faces they have now and had before.
    public var smallFaces: SmallFaces?
    /// The faces grouped into people afterwards (nil when not asked).
    public var people: PeopleReport?

    public struct SmallFaces: Encodable, Sendable {
        public var looked = 0, faces = 0, before = 0

        /// What looking at `looked` whole for small faces found, against the faces they had before.
        init(looked: [PhotoID], _ now: [PhotoID: Signals], _ before: [PhotoID: Int]) {
            for id in looked where now[id]?.smallFaces == true {
                self.looked += 1
                faces += now[id]?.faces?.count ?? 0
                self.before += before[id] ?? 0
            }
        }
    }

    /// Counts what `analysis` holds: stacks, focus verdicts, clipping, photos with faces and with closed eyes.
    mutating func count(_ analysis: Analysis) {
        stacks = analysis.stacks.members.count
        stacked = analysis.stacks.stackOf.count
        let verdicts = analysis.signals.keys.compactMap { analysis.focus(of: $0)?.verdict }
        blurry = verdicts.filter { $0 == .soft }.count
        unsure = verdicts.filter { $0 == .unsure }.count
        clipped = analysis.signals.values.filter(\.clipped).count
        withFaces = analysis.signals.values.filter { $0.faces?.isEmpty == false }.count
        closedEyes = analysis.signals.keys.filter(analysis.hasClosedEyes).count
    }

    public var summary: String {
        let before =
            unmeasurable == 0
            ? "" : ", \(unmeasurable) could not be measured before " + "(apolo analyze --again tries them again)"
        var text =
            measured == 0 && failed.isEmpty
            ? "nothing new to measure: \(cached) measured\(before); "
            : "measured \(measured), already measured \(cached), failed \(failed.count)\(before); "
        text +=
            "\(stacks) stack\(stacks == 1 ? "" : "s") of \(stacked) photos, \(blurry) blurry"
            + (unsure > 0 ? " (\(unsure) can't tell)" : "") + ", \(clipped) clipped"
        if faces == nil { text += ", \(withFaces) with faces, \(closedEyes) with eyes closed" }
        if facesFailed > 0 {
            text +=
                "; faces not found on \(facesFailed) photo\(facesFailed == 1 ? "" : "s"): the face finder failed "
                + "(apolo analyze looks again)"
        }
        if let small = smallFaces, faces == nil {
            text +=
                small.looked == 0
                ? "; every photo named was already looked at whole for small faces"
                : "; looked at \(small.looked) photo\(small.looked == 1 ? "" : "s") whole for faces from 40 px: "
                    + "\(small.faces) face\(small.faces == 1 ? "" : "s") (\(small.before) before)"
        }
        if let people, faces == nil { text += "; " + people.summary }
        return text
    }
}
