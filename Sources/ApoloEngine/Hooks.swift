import ApoloCore
import ApoloStore
import CApoloSystem
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Event hooks: executables in `APOLO_HOME/hooks/` named after events (`post-import`, `pre-export`,
/// `post-export`), run with the plugin environment plus `APOLO_EVENT`, and the event's details as JSON
/// on stdin (a hook need not read it). A failing `pre-*` hook stops the command with the hook's last line of
/// stderr; a failing `post-*` hook (one that cannot even start, too) is reported as a warning. Hook stdout goes
/// to apolo's stderr, so `--json` output stays clean. A hook runs at most `timeout` seconds (APOLO_HOOK_TIMEOUT,
/// default 60), in its own process group, which is ended at the time limit or on Ctrl-C (then apolo exits 130).
public struct Hooks: Sendable {
    public let folder: String
    /// The plugin environment hooks run with (see `Engine.pluginEnvironment`).
    public let environment: @Sendable () -> [String: String]
    public let timeout: Double
    /// Told of a hook that was skipped or failed after the fact.
    public let warn: @Sendable (String) -> Void

    public init(
        folder: String, environment: @escaping @Sendable () -> [String: String], timeout: Double,
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.folder = folder
        self.environment = environment
        self.timeout = timeout
        self.warn = warn
    }

    /// Runs the hook of `event`, if there is one.
    public func run<T: Encodable>(_ event: String, project: String, _ details: T) throws {
        let path = folder + "/" + event
        guard access(FileNames.bytes(of: path), F_OK) == 0 else { return }
        guard access(FileNames.bytes(of: path), X_OK) == 0 else {
            return warn("hook \(path) is not executable; skipped (chmod +x to enable it)")
        }
        var env = environment()
        env["APOLO_EVENT"] = event
        let payload = Array(try DocumentCodec.json(HookEvent(event: event, project: project, details: details)).utf8)
        guard let failure = try spawn(path, event: event, env: env, input: payload) else { return }
        if event.hasPrefix("pre-") { throw EngineError.hookRefused(event, failure) }
        warn("\(event) hook failed: \(failure)")
    }

    /// Runs the hook; nil when it succeeded, else why it failed. Interrupts are caught while it runs, then handled
    /// as they were before (a server's own handling included), so Ctrl-C still stops a server after a page's export.
    private func spawn(_ path: String, event: String, env: [String: String], input: [UInt8]) throws -> String? {
        let saved = apolo_interrupts_save()
        apolo_catch_interrupts()
        defer { apolo_interrupts_restore(saved) }
        let argv = [strdup(path)] + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var errors = [CChar](repeating: 0, count: 65536), status: Int32 = 0
        let result = input.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                apolo_run_hook(path, argv, envp, $0.baseAddress, $0.count, timeout, &errors, errors.count, &status)
            }
        }
        switch result {
        case -1: return "it cannot start: \(String(cString: strerror(errno)).lowercased()) (check its #! line)"
        case -2: return "it did not finish within \(Int(timeout)) s (APOLO_HOOK_TIMEOUT) and was stopped"
        case -3: throw EngineError.interrupted("the \(event) hook was stopped")
        default: break
        }
        let exited = status & 0x7f == 0
        guard !exited || (status >> 8) & 0xff != 0 else { return nil }
        let text = String(decoding: errors.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let code = exited ? "exit code \((status >> 8) & 0xff)" : "killed by signal \(status & 0x7f)"
        return text.split(separator: "\n").last.map(String.init) ?? code
    }
}

/// What a hook reads on stdin: `{event, project, details}`.
struct HookEvent<Details: Encodable>: Encodable {
    let event: String
    let project: String
    let details: Details
}

extension Engine {
    /// The environment plugins and hooks run with: `base` plus APOLO_HOME, APOLO_BIN and, with a project open,
    /// APOLO_PROJECT and APOLO_PROJECT_FILE (a read-only snapshot of its document).
    public func pluginEnvironment(_ base: [String: String], snapshot: Bool = true) -> [String: String] {
        var env = base
        env["APOLO_HOME"] = store.home.root
        env["APOLO_BIN"] = Self.executablePath
        if let name = try? store.currentName(), store.exists(name) {
            env["APOLO_PROJECT"] = name
            env["APOLO_PROJECT_FILE"] = snapshot ? (try? Snapshots(store: store).snapshot(name)) ?? "" : ""
        }
        return env
    }

    /// This program's path.
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
