/// Filtering by colour label and by what apolo measured of the pixels.
extension FilterCriteria {
    /// True when matching needs the project's analysis.
    public var needsAnalysis: Bool { sharp != nil || clipped || stackBest || faces || closedEyes || faceCount != nil }

    /// Label, focus (`--sharp`: judged sharp; `--blurry`: judged soft; a photo apolo can't tell matches neither),
    /// a lost exposure (`--clipped`), best-of-stack, faces (`--faces`: at least one) and
    /// closed eyes (`--closed-eyes`: some face's eyes judged closed). A photo not measured yet matches none of the
    /// measured conditions; a photo in no stack counts as the best of its own.
    func matchesSignals(_ photo: Photo) -> Bool {
        if let label, photo.label != label { return false }
        guard needsAnalysis else { return true }
        guard let analysis else { return false }
        if stackBest, !analysis.isBestOfStack(photo.id) { return false }
        if faces, analysis.signals[photo.id]?.faces?.isEmpty != false { return false }
        if closedEyes, !analysis.hasClosedEyes(photo.id) { return false }
        guard sharp != nil || clipped else { return true }
        guard let signals = analysis.signals[photo.id] else { return false }
        if let sharp, analysis.focus(of: photo.id)?.verdict != (sharp ? .sharp : .soft) { return false }
        return !clipped || signals.clipped
    }
}
