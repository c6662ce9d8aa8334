import ApoloCore
import ApoloStore
#if canImport(Glibc)
    import Glibc
#endif

/// One edit of a batch, as a front end hands it over.
public struct Change: Sendable {
    public let edit: any Edit
    /// The user already confirmed it (`--yes`, or an answered question).
    public let confirmed: Bool
    /// Where it came from in a batch (`line 3 (rate best:1 5)`); nil for a single command.
    public let label: String?

    public init(_ edit: any Edit, confirmed: Bool = false, label: String? = nil) {
        self.edit = edit
        self.confirmed = confirmed
        self.label = label
    }
}

/// Keeps the last project a long-running front end loaded or saved, so a transaction does not read and check
/// its document again when it has not changed.
public protocol ProjectMemory: Sendable {
    /// The project `name` as its document is now: the one kept when the document is unchanged, else `load()`.
    func project(_ name: String, load: () throws -> Project) throws -> Project
    /// Told, while the project's lock is still held, of the project just saved.
    func saved(_ project: Project)
}

/// What a transaction did.
public struct Outcome: Sendable {
    /// The project as saved (or as it would be, for a dry run); the caller may keep it.
    public let project: Project
    /// One line per edit (or per undo/redo step), in the command line's English.
    public let messages: [String]
    /// The same lines as messages of the catalogue, for a reader of another language or the page.
    public var said: [Said] = []
    /// False when nothing changed (no save, no history step).
    public let changed: Bool
    /// What changed (empty when nothing did): a front end showing the project sends only this.
    public var patch = ProjectPatch.none
}

/// The one transaction path of every front end (the CLI, `run`, plugins through `run -`, the light table):
/// lock → load → apply → validate → history step → atomic save. It never prints, never prompts and keeps
/// nothing once it returns; a destructive edit that was not confirmed throws `EngineError.needsConfirmation`.
public struct Engine: Sendable {
    public let store: ProjectStore
    /// Told, as soon as they are found, of problems repaired on the way (a damaged undo history, say), also
    /// when the transaction itself is then refused.
    public let warn: @Sendable (String) -> Void

    /// What a long-running front end (the light table) keeps of the project between transactions; nil for the CLI.
    public let memory: (any ProjectMemory)?

    /// Asked once a transaction holds the lock: true when whoever asked for it has gone (a page whose connection
    /// closed while the lock was busy), so nothing is applied for nobody.
    var abandoned: (@Sendable () -> Bool)?

    /// Who asks for the transactions, when not the owner (a person invited to the light table): their history
    /// steps name them.
    public private(set) var author: String?
    /// Undo and redo walk only over steps `author` made (the light table's, where several people work at once).
    public private(set) var ownStepsOnly = false

    public init(
        store: ProjectStore, memory: (any ProjectMemory)? = nil,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.memory = memory
        self.warn = warn
    }

    /// This engine, refusing a transaction that gets the lock after `gone` turned true.
    public func unless(_ gone: @escaping @Sendable () -> Bool) -> Engine {
        var engine = self
        engine.abandoned = gone
        return engine
    }

    /// This engine, its steps recorded as made by `person` (nil: the owner), undoing and redoing only theirs.
    public func by(_ person: String?) -> Engine {
        var engine = self
        engine.author = person
        engine.ownStepsOnly = true
        return engine
    }

    /// Throws when the front end that asked for the transaction has gone (called with the lock held).
    func checkWanted() throws {
        if abandoned?() == true {
            throw EngineError.interrupted(
                "the request's connection closed before the project "
                    + "was free; nothing was changed")
        }
    }

    /// The project as its document is now (from `memory` when the document has not changed since).
    func load(_ name: String) throws -> Project {
        guard let memory else { return try store.load(name) }
        return try memory.project(name) { try store.load(name) }
    }

    /// Saves `project`, which `patch` made from `old` (the caller holds the lock), and tells `memory`.
    func save(_ project: Project, from old: Project, patch: ProjectPatch) throws {
        try store.save(project, from: old, patch: patch)
        memory?.saved(project)
    }

    /// Applies `changes` in order to one copy of the open project (or `project`); saved as one undo step, or not
    /// at all when any fails. `summary` names the step (default: the edits' own messages).
    /// With `expect`, the changes apply only to the document at that revision (a page that saw an older state
    /// must not move a slide it no longer sees where it thinks it is): `EngineError.stale` otherwise.
    public func apply(
        _ changes: [Change], project name: String? = nil, command: String, summary: String? = nil,
        dryRun: Bool = false, expect: String? = nil
    ) throws -> Outcome {
        let (outcome, messages) = try transact(name, command: command, dryRun: dryRun) { project in
            if let expect, project.revision != expect { throw EngineError.stale }
            var project = project
            var messages: [Said] = []
            for change in changes {
                do {
                    if !change.confirmed, type(of: change.edit).destructive,
                        let question = change.edit.confirmation(in: project)
                    {
                        throw EngineError.needsConfirmation(
                            question, command: type(of: change.edit).spec.name,
                            label: change.label)
                    }
                    let (next, message) = try prepared(change.edit, for: project).applied(to: project)
                    project = next
                    let label = change.label.map { Said(text: $0.components(separatedBy: " (")[0]) }
                    messages.append(label.map { Said(joining: [$0, message], separator: ": ") } ?? message)
                } catch let error as CoreError {
                    guard let label = change.label else { throw error }
                    throw CoreError(error.kind, "\(label): \(error.message); nothing was changed")
                }
            }
            return (project, summary.map { Said(text: $0) } ?? Said(joining: messages, separator: "; "), messages)
        }
        return Outcome(
            project: outcome.project, messages: messages.map(\.description), said: messages,
            changed: outcome.changed, patch: outcome.patch)
    }

    /// lock → load → `body` (pure: the project before, to the project after, a summary and a result) → validate →
    /// history step → save. Returns the outcome and the body's result.
    public func transact<T>(
        _ name: String? = nil, command: String, dryRun: Bool = false,
        _ body: (Project) throws -> (Project, Said, T)
    ) throws -> (Outcome, T) {
        let name = try name ?? store.requireCurrent()
        return try store.withLock(name) {
            try checkWanted()
            let before = try load(name)
            let (after, summary, result) = try body(before)
            guard after != before else {
                return (Outcome(project: before, messages: [], changed: false), result)
            }
            let patch = ProjectPatch.between(before, after)
            try Self.validate(after, patch)
            if dryRun { return (Outcome(project: after, messages: [], changed: false), result) }
            let saved = try commit(before, after, patch, summary: summary, command: command)
            return (Outcome(project: saved, messages: [], changed: true, patch: patch), result)
        }
    }

    /// Writes the history step, then the document under a new revision (the caller holds the lock).
    func commit(
        _ old: Project, _ new: Project, _ patch: ProjectPatch, summary: Said,
        command: String
    ) throws -> Project {
        var new = new
        let next = HistoryLog.newRevision()
        new.revision = next
        let entry = HistoryEntry(
            command: command, date: Timestamp(seconds: Int64(time(nil)), nanos: 0).isoUTC,
            summary: summary.description, said: summary.key == nil && summary.args.isEmpty ? nil : summary,
            by: author)
        let pending = try store.history(new.name).record(entry, patch, revision: old.revision ?? "", next: next)
        pending.warnings.forEach(warn)
        do { try save(new, from: old, patch: patch) } catch {
            pending.abandon()
            throw error
        }
        pending.saved()
        return new
    }

    /// Refuses to save what a later load would refuse (checking again only what `patch` touched).
    static func validate(_ project: Project, _ patch: ProjectPatch) throws {
        let problems = ProjectCheck.problems(in: project, after: patch)
        if !problems.isEmpty { throw EngineError.invalidResult(problems) }
    }
}
