import ApoloEngine
import ApoloStore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Git-style external commands: `apolo NAME …` runs `apolo-NAME` from `APOLO_HOME/plugins`, then `PATH`.
/// Built-in commands always win. A plugin gets `APOLO_HOME`, `APOLO_PROJECT`, `APOLO_PROJECT_FILE` and
/// `APOLO_BIN` (this apolo) in its environment; it changes a project only through `apolo run -`.
enum Plugins {
    static var folders: [String] {
        [Context.store.home.root + "/plugins"]
            + (Context.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    }

    /// True for a word that could name a plugin: not an option, not a built-in command.
    static func isCandidate(_ word: String) -> Bool {
        let builtins = Set(Apolo.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
        return !word.hasPrefix("-") && !builtins.contains(word) && !word.isEmpty
            && word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    static func find(_ name: String) -> String? {
        folders.map { $0 + "/apolo-" + name }.first { access($0, X_OK) == 0 && !isFolder($0) }
    }

    /// Every plugin found, first one of each name.
    static func all() -> [(name: String, path: String)] {
        var seen = Set<String>(), found: [(String, String)] = []
        for folder in folders {
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where file.hasPrefix("apolo-") {
                let name = String(file.dropFirst(6)), path = folder + "/" + file
                if isCandidate(name), access(path, X_OK) == 0, !isFolder(path), seen.insert(name).inserted {
                    found.append((name, path))
                }
            }
        }
        return found
    }

    /// The plugin's own one-line description (`apolo-NAME --describe`), waiting at most 2 seconds.
    static func describe(_ path: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--describe"]
        process.environment = environment(snapshot: false)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        guard (try? process.run()) != nil else { return "(cannot run)" }
        if done.wait(timeout: .now() + 2) == .timedOut {
            process.terminate()
            return "(no description: --describe did not answer within 2 s)"
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
        return process.terminationStatus == 0 ? line ?? "(no description)" : "(no description: --describe failed)"
    }

    /// The environment plugins and hooks run with. `APOLO_PROJECT_FILE` is a read-only snapshot of the open
    /// project's document, not the document itself: whatever a plugin does to it, the project is untouched
    /// (changes go through `apolo run -`).
    static func environment(snapshot: Bool = true) -> [String: String] {
        Context.engine.pluginEnvironment(Context.environment, snapshot: snapshot)
    }

    /// Replaces this process with the plugin; its exit code becomes apolo's.
    static func exec(_ path: String, _ arguments: [String]) -> Never {
        for (key, value) in environment() { setenv(key, value, 1) }
        setenv("APOLO_PLUGIN_COMMAND", Context.typedCommand, 1)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        Output.error("cannot run plugin \(path): \(String(cString: strerror(errno)))")
        exit(ExitStatus.refused.rawValue)
    }

    static var executablePath: String { Engine.executablePath }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
