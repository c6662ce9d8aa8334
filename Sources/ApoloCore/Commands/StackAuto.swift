/// `stack auto --gap 2s` (or `--gap off`): frames shot at most that far apart become one stack whatever they show
/// (Lightroom's auto-stack by capture time), beside the look-alike bursts apolo finds within 2 s; `off` leaves the
/// bursts only. A choice kept in the document, undone like any edit; splits and merges by hand still apply.
public struct StackAuto: Edit, Equatable {
    public static let spec = CommandSpec(
        "stack auto",
        "Stack frames shot at most DURATION apart (2s, 1.5s, 500ms, 1m), whatever they show; off: look-alike "
            + "bursts only",
        kind: .edit)
    public static let examples = [
        Example("stack auto --gap 2s", StackAuto(gap: 2000), before: "table: a b", after: "table: a b"),
        Example(
            "stack auto --gap off", StackAuto(gap: nil), before: "table: a",
            error: "stacks are look-alike bursts only already")
    ]

    /// Milliseconds, or nil for look-alike bursts only.
    public let gap: Int?

    public init(gap: Int?) { self.gap = gap }

    public func apply(to project: inout Project) throws -> Said {
        if let gap, !StackChoices.gaps.contains(gap) {
            throw CoreError(.invalid, "a gap is 100 ms to 1 hour (2s, 1.5s, 500ms, 1m)")
        }
        guard project.stacking.gap != gap else {
            throw CoreError(
                .invalid,
                gap.map { "frames shot up to \(Self.words($0)) apart are one stack already" }
                    ?? "stacks are look-alike bursts only already")
        }
        project.stacking.gap = gap
        return Said(
            text: gap.map { "frames shot up to \(Self.words($0)) apart are one stack now" }
                ?? "stacks are look-alike bursts only again")
    }

    /// `2s`, `1.5s`, `500ms`, `1m` as milliseconds; `off` as `.some(nil)`; nil when it is no duration.
    public static func parse(_ text: String) -> Int?? {
        let word = text.trimmingSpaces.lowercased()
        if word == "off" { return .some(nil) }
        let units: [(String, Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
        guard word.utf8.count <= 12, let (unit, scale) = units.first(where: { word.hasSuffix($0.0) }),
            let number = Double(word.dropLast(unit.count)), number.isFinite, number > 0, number <= 3600
        else {
            return nil
        }
        return .some(Int((number * scale).rounded()))
    }

    /// Milliseconds in words: `2 s`, `1.5 s`, `500 ms`.
    static func words(_ gap: Int) -> String {
        gap < 1000 ? "\(gap) ms" : gap % 1000 == 0 ? "\(gap / 1000) s" : "\(Double(gap) / 1000) s"
    }
}
