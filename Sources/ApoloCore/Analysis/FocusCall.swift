/// What apolo says of a photo's focus, as a photographer would at 100%: sharp, soft (they would reject it), or
/// can't tell (too little detail, or a measure between the two); and why, in words.
public struct FocusCall: Equatable, Sendable {
    public enum Verdict: String, Codable, Sendable {
        case sharp, soft, unsure
    }

    public var verdict: Verdict
    public var why: Said
    /// True when the call rests on the photo's faces (their eyes' band), not on its most detailed regions.
    public var onFaces: Bool

    public init(_ verdict: Verdict, _ why: Said, onFaces: Bool = false) {
        (self.verdict, self.why, self.onFaces) = (verdict, why, onFaces)
    }

    public var soft: Bool { verdict == .soft }
}

extension Said {
    /// A measure 0–1 said with two decimals.
    static func measure(_ x: Double) -> Said {
        let hundredths = Int((min(max(x, 0), 1) * 100).rounded())
        return Said(text: hundredths == 100 ? "1.00" : "0." + (hundredths < 10 ? "0" : "") + String(hundredths))
    }

    /// A share 0–1 said as a whole percentage.
    static func percent(_ x: Double) -> Said { Said(text: String(Int((min(max(x, 0), 9.99) * 100).rounded())) + "%") }
}
