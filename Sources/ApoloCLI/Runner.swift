import ApoloCore
import ApoloEngine
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

    /// Applies an edit to the open project through the transaction layer; asks on a terminal when it needs
    /// confirmation.
    static func edit(_ edit: any Edit, yes: Bool = false) throws {
        let outcome: Outcome
        do {
            outcome = try Context.engine.apply([Change(edit, confirmed: yes)], command: Context.typedCommand)
        } catch EngineError.needsConfirmation(let question, let command, _) {
            try confirm(question, yes: false, command: command)
            outcome = try Context.engine.apply([Change(edit, confirmed: true)], command: Context.typedCommand)
        }
        report(outcome)
    }

    /// Prints what a transaction did and keeps its project until exit.
    static func report(_ outcome: Outcome) {
        for message in outcome.messages { Output.line(message) }
        keep(outcome.project)
    }

    /// Runs a read-only command on the open project (saves are atomic renames, so no lock is needed to read).
    static func read<T>(_ body: (Project) throws -> T) throws -> T {
        let store = Context.store
        let project = try store.load(try store.requireCurrent())
        keep(project)
        return try body(project)
    }

    /// What is measured of the project's photos, and its stacks.
    static func analysis(of project: Project) -> Analysis { Context.engine.analysis(of: project) }

    /// Asks `question` on a terminal; without one, `--yes` is required.
    static func confirm(_ question: String, yes: Bool, command: String) throws {
        if yes { return }
        guard Context.stdinIsTerminal else {
            throw EngineError.needsConfirmation(question, command: command, label: nil)
        }
        Output.toStderr("\(question) [y/N] ")
        guard let answer = readLine()?.trimmingSpaces.lowercased(), answer == "y" || answer == "yes" else {
            throw CLIError.cancelled
        }
    }
}
