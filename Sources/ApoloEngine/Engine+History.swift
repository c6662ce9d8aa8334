import ApoloCore
import ApoloStore

/// Walking the undo history: through the same lock, validation and atomic save as every edit.
extension Engine {
    /// The steps (nil for a damaged one) and how many are applied. A front end that has just loaded the project
    /// passes its `revision`, so the document is not read a second time.
    public func history(project name: String? = nil, revision: String? = nil) throws -> (
        steps: [HistoryEntry?], position: Int
    ) {
        let name = try name ?? store.requireCurrent()
        return try store.withLock(name) {
            let known = try revision ?? load(name).revision ?? ""
            let state = try store.history(name).state(revision: known, repair: true)
            state.warnings.forEach(warn)
            return (state.steps.map(\.entry), state.position)
        }
    }

    /// Undoes (`back`) or redoes `count` steps. Each step must start from the document as it is (a document
    /// edited by hand since is refused, not patched blindly) and the result must pass every rule of a load.
    public func walk(_ count: Int, back: Bool, project name: String? = nil, expect: String? = nil) throws -> Outcome {
        let name = try name ?? store.requireCurrent()
        return try store.withLock(name) {
            try checkWanted()
            var project = try load(name)
            if let expect, project.revision != expect { throw EngineError.stale }
            let log = store.history(name)
            let state = try log.state(revision: project.revision ?? "", repair: true)
            state.warnings.forEach(warn)
            let word = back ? "undo" : "redo"
            let available = back ? state.position : state.steps.count - state.position
            guard available >= count else {
                if available == 0 { throw CoreError(.empty, said: Said("history.nothing." + word)) }
                throw CoreError(.empty, "only \(available) step\(available == 1 ? "" : "s") to \(word)")
            }
            var position = state.position, messages: [Said] = []
            let before = project
            for _ in 0..<count {
                let index = back ? position - 1 : position
                let step = state.steps[index]
                if ownStepsOnly, let entry = step.entry, entry.by != author {
                    let who = entry.by ?? "the owner"
                    throw EngineError.historyRefused(
                        "step \(index + 1) (\(entry.told)) was made by \(who); here "
                            + """
                            undo and redo go over your own steps only, so nobody's work is taken back by someone \
                            else: 
                            """
                            + "ask \(who); nothing was changed")
                }
                guard let entry = step.entry, let patch = try? HistoryLog.patch(step) else {
                    throw EngineError.historyRefused(
                        """
                        step \(index + 1) of the undo history is damaged, so it cannot be \
                        \(back ? "undone" : "redone"); nothing was changed
                        """
                    )
                }
                let conflicts = patch.conflicts(in: project, reverse: back)
                guard conflicts.isEmpty else {
                    let shown = conflicts.prefix(3).joined(separator: ", ") + (conflicts.count > 3 ? ", …" : "")
                    throw EngineError.historyRefused(
                        """
                        the project was changed outside apolo since step \(index + 1) (\(shown)), so \(word) would \
                        not give back the state it recorded; nothing was changed
                        """
                    )
                }
                patch.apply(to: &project, reverse: back)
                project.revision = back ? step.from : step.to
                position += back ? -1 : 1
                messages.append(
                    Said(
                        back ? "history.undid" : "history.redid", .number(index + 1), entry.told,
                        "\(entry.command)"))
            }
            let patch = ProjectPatch.between(before, project)
            try Self.validate(project, patch)
            try save(project, from: before, patch: patch)
            log.reached(project.revision ?? "", state)
            return Outcome(
                project: project, messages: messages.map(\.description), said: messages, changed: true,
                patch: patch)
        }
    }
}
