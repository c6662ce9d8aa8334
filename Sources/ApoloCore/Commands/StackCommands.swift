/// `stack split REF...`: each named photo begins a stack of its own (with the frames after it).
public struct StackSplit: CarriesAnalysis, Equatable {
    public static let spec = CommandSpec(
        "stack split", "Split a stack before each named photo (it and the frames after it become a stack of their own)",
        kind: .edit)
    public static let examples = [
        Example("stack split table:1", StackSplit(["table:1"]), before: "table: a", error: "'a.jpg' is in no stack")
    ]

    public let refs: [SlideRef]
    public var analysis = Analysis()

    public init(_ refs: [String]) { self.refs = refs.map(SlideRef.init) }

    public func apply(to project: inout Project) throws -> Said {
        let ids = try project.resolvePhotos(refs)
        var choices = project.stacking
        for id in ids {
            let file = project.photos[id]?.file ?? id
            guard let stack = analysis.stacks.stackOf[id] else { throw CoreError(.invalid, "'\(file)' is in no stack") }
            let members = analysis.stacks.members[stack] ?? []
            guard members.first != id else {
                throw CoreError(.invalid, "'\(file)' already begins its stack; split at a later frame")
            }
            if !choices.cuts.contains(id) { choices.cuts.append(id) }
            // a merge that holds frames on both sides of the cut is cut too
            let after = Set(members.drop { $0 != id })
            choices.joins = choices.joins.flatMap { join -> [[PhotoID]] in
                let (later, earlier) = (join.filter(after.contains), join.filter { !after.contains($0) })
                return [earlier, later].filter { $0.count > 1 }
            }
        }
        project.stacking = choices
        let what = ids.count == 1 ? "before '\(project.photos[ids[0]]?.file ?? ids[0])'" : "in \(ids.count) places"
        return "split the stack \(what)"
    }
}

/// `stack merge REF...`: the named photos, and the stacks they are in, become one stack.
public struct StackMerge: CarriesAnalysis, Equatable {
    public static let spec = CommandSpec(
        "stack merge", "Make the named photos (and the stacks they are in) one stack", kind: .edit)
    public static let examples = [
        Example(
            "stack merge table:1", StackMerge(["table:1"]), before: "table: a b",
            error: "name at least two photos to merge")
    ]

    public let refs: [SlideRef]
    public var analysis = Analysis()

    public init(_ refs: [String]) { self.refs = refs.map(SlideRef.init) }

    public func apply(to project: inout Project) throws -> Said {
        var ids = try project.resolvePhotos(refs)
        for id in ids {
            if let stack = analysis.stacks.stackOf[id] { ids += analysis.stacks.members[stack] ?? [] }
        }
        var seen = Set<PhotoID>()
        ids = ids.filter { seen.insert($0).inserted }
        guard ids.count > 1 else { throw CoreError(.invalid, "name at least two photos to merge") }
        var choices = project.stacking
        choices.cuts.removeAll(where: seen.contains)
        choices.joins = choices.joins.filter { Set($0).isDisjoint(with: seen) } + [ids]
        project.stacking = choices
        return "made one stack of \(ids.count) photos"
    }
}
