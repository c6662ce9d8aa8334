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
/// to apolo's stderr, so `--json` output stays clean. A hook runs at most `APOLO_HOOK_TIMEOUT` seconds (default
/// 60), in its own process group, which is ended at the time limit or on Ctrl-C (then apolo exits 130).
enum Hooks {
    static var timeout: Double {
        Context.environment["APOLO_HOOK_TIMEOUT"].flatMap(Double.init).map { max(0.1, $0) } ?? 60
    }

    static func run<T: Encodable>(_ event: String, project: String, _ details: T) throws {
        let path = Context.store.home.root + "/hooks/" + event
        guard access(FileNames.bytes(of: path), F_OK) == 0 else { return }
        guard access(FileNames.bytes(of: path), X_OK) == 0 else {
            return Output.warning("hook \(path) is not executable; skipped (chmod +x to enable it)")
        }
        var env = Plugins.environment()
        env["APOLO_EVENT"] = event
        let payload = Array(try DocumentCodec.json(HookEvent(event: event, project: project, details: details)).utf8)
        let failure: String?
        do { failure = try spawn(path, env: env, input: payload) } catch let interrupted as PartialFailure {
            Output.note("interrupted", "the \(event) hook was stopped")
            throw interrupted
        }
        guard let failure else { return }
        if event.hasPrefix("pre-") { throw CLIError.hookRefused(event, failure) }
        Output.warning("\(event) hook failed: \(failure)")
    }

    /// Runs the hook; nil when it succeeded, else why it failed.
    private static func spawn(_ path: String, env: [String: String], input: [UInt8]) throws -> String? {
        let caught = apolo_catching() != 0
        apolo_catch_interrupts()
        defer { if !caught { apolo_default_interrupts() } }
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
        case -3: throw PartialFailure(summary: "", status: .interrupted)
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
