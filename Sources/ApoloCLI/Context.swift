import ApoloStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's view of its surroundings: environment, home, terminals.
enum Context {
    static let environment = ProcessInfo.processInfo.environment

    static var store: ProjectStore {
        let timeout = environment["APOLO_LOCK_TIMEOUT"].flatMap(Double.init) ?? 30
        return ProjectStore(home: Home(environment: environment), lockTimeout: max(0, timeout))
    }

    static var stdinIsTerminal: Bool { isatty(0) == 1 }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }

    /// Colour only on a terminal, and never when NO_COLOR is set.
    static var colour: Bool { stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb" }
}

/// Errors of the CLI layer itself.
enum CLIError: Error, CustomStringConvertible {
    case needsConfirmation(String, command: String)
    case cancelled
    case usage(String)

    var description: String {
        switch self {
        case .needsConfirmation(let question, let command):
            return "\(question.prefix { $0 != "?" }) needs confirmation and there is no terminal to ask on: pass --yes (apolo \(command) … --yes)"
        case .cancelled: return "cancelled; nothing changed"
        case .usage(let message): return message
        }
    }
}
