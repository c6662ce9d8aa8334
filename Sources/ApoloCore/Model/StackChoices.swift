/// What the user decided of stacks, kept in the document: photos that begin a stack of their own (`stack split`)
/// and groups of photos made one stack (`stack merge`). Everything else about stacks is derived (`Stacks`).
public struct StackChoices: Codable, Equatable, Sendable {
    public var cuts: [PhotoID]
    public var joins: [[PhotoID]]

    public init(cuts: [PhotoID] = [], joins: [[PhotoID]] = []) {
        self.cuts = cuts
        self.joins = joins
    }

    public var isEmpty: Bool { cuts.isEmpty && joins.isEmpty }
}
