import ApoloCore
import ApoloStore
#if canImport(Glibc)
import Glibc
#endif

/// The one path every project command takes: load → confirm → lock → apply → save → print.
enum Runner {
    /// Applies an edit to the open project and saves it atomically under the project's lock.
    static func edit(_ edit: some Edit, yes: Bool = false) throws {
        let store = Context.store
        let name = try store.requireCurrent()
        if let question = edit.confirmation(in: try store.load(name)) {
            try confirm(question, yes: yes, command: type(of: edit).spec.name)
        }
        let message = try store.withLock(name) {
            let project = try store.load(name)
            let (changed, message) = try edit.applied(to: project)
            if changed != project { try store.save(changed) }
            return message
        }
        Output.line(message)
    }

    /// Runs a read-only command on the open project (saves are atomic renames, so no lock is needed to read).
    static func read<T>(_ body: (Project) throws -> T) throws -> T {
        let store = Context.store
        return try body(try store.load(try store.requireCurrent()))
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
