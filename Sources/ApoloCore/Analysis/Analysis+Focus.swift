/// Focus judged against the shoot: a photo alone (`Signals.focusAlone`), then against the sharpest frame of its
/// burst, then against the photos of the same camera at the same size in the project (what "sharp" means for that
/// kit: an old compact's noise reduction or a small web copy is not a missed focus).
extension Analysis {
    /// A camera and size with at least this many measured photos in the project has a reference: the sharpness
    /// three quarters of them stay under.
    public static let kitFrom = 8
    /// Against the kit: can't tell or soft becomes sharp from `kitSharpShare` of the reference; can't tell or
    /// sharp becomes soft under `kitSoftShare` of it (sharp only when the crispest region is under the reference).
    public static let kitSharpShare = 0.8, kitSoftShare = 0.55
    /// In a burst: a frame under this share of its sharpest frame (itself sharp) is soft.
    public static let burstSoftShare = 0.65

    /// The photo's focus: sharp, soft or can't tell, and why; nil until measured.
    public func focus(of id: PhotoID) -> FocusCall? {
        guard let signals = signals[id] else { return nil }
        let alone = signals.focusAlone
        if let burst = burstCall(id, signals, alone) { return burst }
        guard !alone.onFaces, let reference = references[id], reference > 0 else { return alone }
        let value = signals.sharpness, share = Said.percent(1 - value / reference)
        if alone.verdict != .sharp, value >= reference * Self.kitSharpShare {
            return FocusCall(.sharp, Said("focus.kitLike", .measure(value), .measure(reference)))
        }
        if alone.verdict == .unsure, value < reference * Self.kitSoftShare {
            return FocusCall(.soft, Said("focus.kitSoft", share, .measure(value)))
        }
        if alone.verdict == .sharp, value < reference * Self.kitSoftShare, signals.peak < reference {
            return FocusCall(.soft, Said("focus.kitSoft", share, .measure(value)))
        }
        return alone
    }

    /// Soft when the burst's sharpest frame is sharp and much crisper (on faces when both have judged faces).
    func burstCall(_ id: PhotoID, _ mine: Signals, _ alone: FocusCall) -> FocusCall? {
        guard alone.verdict != .soft, let stack = stacks.stackOf[id], let members = stacks.members[stack] else {
            return nil
        }
        let value = { (s: Signals) in s.focusAlone.onFaces ? Self.faceFocus(s) : s.sharpness }
        let others = members.filter { $0 != id }.compactMap { signals[$0] }
            .filter { $0.focusAlone.onFaces == alone.onFaces && $0.focusAlone.verdict == .sharp }
        let own = value(mine)
        guard own > 0, let best = others.map(value).max(), own < best * Self.burstSoftShare else { return nil }
        let ratio = best / own
        let why =
            ratio < 2
            ? Said("focus.burst", .percent(ratio - 1))
            : Said("focus.burstTimes", Said(text: String(Int(min(ratio, 99).rounded()))))
        return FocusCall(.soft, why, onFaces: alone.onFaces)
    }

    static func faceFocus(_ s: Signals) -> Double {
        s.faces?.filter { ($0.wide ?? 0) >= Signals.faceJudgedFrom }.map(\.sharpness).max() ?? 0
    }

    /// Each measured photo's kit reference (same make, model and pixel size, at least `kitFrom` of them).
    static func references(_ project: Project, _ signals: [PhotoID: Signals]) -> [PhotoID: Double] {
        var kits: [String: [PhotoID]] = [:]
        for (id, s) in signals where s.sharpness > 0 {
            guard let photo = project.photos[id], photo.make != nil || photo.model != nil else { continue }
            let key = "\(photo.make ?? "")\u{1}\(photo.model ?? "")\u{1}\(photo.width ?? 0)x\(photo.height ?? 0)"
            kits[key, default: []].append(id)
        }
        var found: [PhotoID: Double] = [:]
        // grown by doubling, a table for 200,000 photos would hold its last two sizes at once (19 MB)
        found.reserveCapacity(kits.values.reduce(0) { $0 + ($1.count >= kitFrom ? $1.count : 0) })
        for ids in kits.values where ids.count >= kitFrom {
            let values = ids.map { signals[$0]?.sharpness ?? 0 }.sorted()
            let reference = values[min(values.count - 1, values.count * 3 / 4)]
            for id in ids { found[id] = reference }
        }
        return found
    }

    /// True when the photo is judged soft (see `focus(of:)`).
    public func isSoft(_ id: PhotoID) -> Bool { focus(of: id)?.soft ?? false }
}
