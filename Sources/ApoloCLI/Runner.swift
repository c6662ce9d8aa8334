import ApoloCore
import ApoloStore
#if canImport(Glibc)
import Glibc
#endif

/// The one path every project command takes: load → confirm → lock → apply → save → print.
enum Runner {
    /// Projects kept referenced until the process exits: freeing 50,000 photos one by one just before exit
    /// costs tens of milliseconds that the kernel does for free.
    nonisolated(unsafe) private static var retained: [any Sendable] = []

    /// Keeps projects (or long listings of their photos) alive until exit (see `retained`).
    static func keep(_ values: any Sendable...) { retained += values }

    /// Applies an edit to the open project and saves it atomically under the project's lock.
    static func edit(_ edit: any Edit, yes: Bool = false) throws {
        let store = Context.store
        let name = try store.requireCurrent()
        if type(of: edit).destructive, !yes, let question = edit.confirmation(in: try store.load(name)) {
            try confirm(question, yes: yes, command: type(of: edit).spec.name)
        }
        let message = try store.withLock(name) {
            let project = try store.load(name)
            let (changed, message) = try edit.applied(to: project)
            try commit(project, changed, summary: message, store: store)
            keep(project, changed)
            return message
        }
        Output.line(message)
    }

    /// Saves `new` over `old` (caller holds the lock) and records the change as one undo step; no change, no step.
    static func commit(_ old: Project, _ new: Project, summary: String, command: String = Context.typedCommand, store: ProjectStore) throws {
        guard new != old else { return }
        let history = store.history(new.name)
        let entry = HistoryEntry(command: command, date: Timestamp(seconds: Int64(time(nil)), nanos: 0).isoUTC, summary: summary)
        let count = try history.record(entry, ProjectPatch.between(old, new))
        try store.save(new)
        try history.setPosition(count, count: count)
    }

    /// Runs a read-only command on the open project (saves are atomic renames, so no lock is needed to read).
    static func read<T>(_ body: (Project) throws -> T) throws -> T {
        let store = Context.store
        let project = try store.load(try store.requireCurrent())
        keep(project)
        return try body(project)
    }

    /// Asks `question` on a terminal; without one, `--yes` is required.
    static func confirm(_ question: String, yes: Bool, command: String) throws {
        if yes { return }
        guard Context.stdinIsTerminal else { throw CLIError.needsConfirmation(question, command: command) }
        Output.toStderr("\(question) [y/N] ")
        guard let answer = readLine()?.trimmingSpaces.lowercased(), answer == "y" || answer == "yes" else {
            throw CLIError.cancelled
        }
    }
}
