import ApoloCore
import ApoloEngine
import ApoloStore
import CApoloSystem
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The process's view of its surroundings: environment, home, terminals.
enum Context {
    static let environment = ProcessInfo.processInfo.environment

    static var store: ProjectStore {
        let timeout = environment["APOLO_LOCK_TIMEOUT"].flatMap(Double.init) ?? 30
        let history = environment["APOLO_HISTORY_LIMIT"].flatMap(Int.init) ?? 1000
        return ProjectStore(
            home: Home(environment: environment), lockTimeout: max(0, timeout),
            historyLimit: max(1, history))
    }

    /// The transaction layer over `store`.
    static var engine: Engine { Engine(store: store, warn: { Output.warning($0) }) }

    static var stdinIsTerminal: Bool { isatty(0) == 1 }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stderrIsTerminal: Bool { isatty(apolo_error_fd()) == 1 }

    /// The command line as typed, quoted so it could be pasted back into a shell.
    static var typedCommand: String {
        (["apolo"] + CommandLine.arguments.dropFirst().map(shellQuoted)).joined(separator: " ")
    }

    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_.:/=+,@%".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Opens a file or an address with xdg-open when there is a display; false when there is none to open it on.
    static func openOnDisplay(_ target: String) -> Bool {
        guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty,
            let opener = Plugins.folders.dropFirst().map({ $0 + "/xdg-open" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [target]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        return true
    }

    /// The hooks of APOLO_HOME/hooks, with the plugin environment; their warnings on stderr.
    static var hooks: Hooks {
        let timeout = environment["APOLO_HOOK_TIMEOUT"].flatMap(Double.init).map { max(0.1, $0) } ?? 60
        return Hooks(
            folder: store.home.root + "/hooks", environment: { Plugins.environment() }, timeout: timeout,
            warn: { Output.warning($0) })
    }

    /// Colour only on a terminal, and never when NO_COLOR is set.
    static var colour: Bool { stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb" }
}

/// Errors of the CLI layer itself.
enum CLIError: Error, CustomStringConvertible {
    case cancelled
    case usage(String)

    var description: String {
        switch self {
        case .cancelled: return "cancelled; nothing changed"
        case .usage(let message): return message
        }
    }
}

extension CLIError: ApoloFailure {
    var failure: FailureKind {
        if case .usage = self { return .usage }
        return .refused
    }

    var message: String { description }
}
