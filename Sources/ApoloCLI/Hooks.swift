import ApoloStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Event hooks: executables in `APOLO_HOME/hooks/` named after events (`post-import`, `pre-export`,
/// `post-export`), run with the plugin environment plus `APOLO_EVENT`, and the event's details as JSON
/// on stdin (a hook need not read it). A failing `pre-*` hook stops the command with the hook's last line of stderr; a failing
/// `post-*` hook is reported as a warning. Hook stdout goes to apolo's stderr, so `--json` output stays clean.
enum Hooks {
    static func run<T: Encodable>(_ event: String, project: String, _ details: T) throws {
        let path = Context.store.home.root + "/hooks/" + event
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return Output.warning("hook \(path) is not executable; skipped (chmod +x to enable it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        var env = Plugins.environment()
        env["APOLO_EVENT"] = event
        process.environment = env
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.standardError
        process.standardError = errors
        try process.run()
        let payload = Data(try DocumentCodec.json(HookEvent(event: event, project: project, details: details)).utf8)
        let previous = signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: payload)
        try? input.fileHandleForWriting.close()
        signal(SIGPIPE, previous)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return }
        let reason = stderr.split(separator: "\n").last.map(String.init) ?? "exit code \(process.terminationStatus)"
        if event.hasPrefix("pre-") { throw CLIError.hookRefused(event, reason) }
        Output.warning("\(event) hook failed: \(reason)")
    }
}

/// What a hook reads on stdin: `{event, project, details}`.
struct HookEvent<Details: Encodable>: Encodable {
    let event: String
    let project: String
    let details: Details
}
