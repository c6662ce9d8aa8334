/// `stack keep REF [--this]`: keep the suggested frame of REF's stack (or REF itself) and discard the others:
/// a burst turned into its best frame in one step.
public struct StackKeep: CarriesAnalysis, Equatable {
    public static let spec = CommandSpec(
        "stack keep", "Keep the suggested frame of REF's stack (or REF with --this) and discard the rest of the stack",
        kind: .edit)
    public static let examples = [
        Example(
            "stack keep table:1", StackKeep("table:1"), before: "table: a",
            error: "'a.jpg' is in no stack (see: apolo stack list)")
    ]

    public let ref: SlideRef
    /// Keep REF itself rather than the suggestion.
    public let this: Bool
    public var analysis = Analysis()

    public init(_ ref: String, this: Bool = false) {
        self.ref = SlideRef(ref)
        self.this = this
    }

    public func apply(to project: inout Project) throws -> Said {
        guard let id = try project.resolvePhotos([ref]).first else { throw CoreError(.notFound, "no slide at \(ref)") }
        let file = project.photos[id]?.file ?? id
        guard let stack = analysis.stacks.stackOf[id], let members = analysis.stacks.members[stack] else {
            throw CoreError(.invalid, "'\(file)' is in no stack (see: apolo stack list)")
        }
        let kept = this ? id : analysis.stacks.best[stack] ?? id
        let others = members.filter { $0 != kept }
        for other in others {
            for location in project.locations(of: other) {
                if case .album(let name) = location.place { throw CoreError.lockedAlbum(name) }
            }
            for index in project.shelves.indices { project.shelves[index].slides.removeAll { $0 == other } }
            project.photos[other]?.discarded = true
        }
        let keptFile = project.photos[kept]?.file ?? kept
        return Said("stack.kept", "\(keptFile)", .number(members.count), .number(others.count))
    }
}
