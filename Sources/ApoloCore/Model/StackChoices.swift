/// What the user decided of stacks, kept in the document: photos that begin a stack of their own (`stack split`)
/// and groups of photos made one stack (`stack merge`), and a capture-time gap under which frames are one stack
/// whatever they show (`stack auto --gap 2s`, Lightroom's auto-stack). Everything else about stacks is derived
/// (`Stacks`).
public struct StackChoices: Codable, Equatable, Sendable {
    public var cuts: [PhotoID]
    public var joins: [[PhotoID]]
    /// Milliseconds: frames shot at most this far apart are one stack (`gaps` bounds it); nil: look-alike bursts
    /// only.
    public var gap: Int?

    /// The gaps a project may hold: a tenth of a second to an hour.
    public static let gaps = 100...3_600_000

    public init(cuts: [PhotoID] = [], joins: [[PhotoID]] = [], gap: Int? = nil) {
        self.cuts = cuts
        self.joins = joins
        self.gap = gap
    }

    public var isEmpty: Bool { cuts.isEmpty && joins.isEmpty && gap == nil }
}
