import ApoloCore
import ArgumentParser
import Foundation

/// `apolo run FILE | -`: a script of edits, applied all together or not at all.
struct RunCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: Registry.spec("run").summary,
        discussion: """
            One apolo command a line, as on the command line (the leading 'apolo' is optional), with shell-style
            quoting and # comments. Only commands that change the project may appear. Every line is checked and
            applied in order to one copy of the project; if any line fails, nothing is saved and the error names
            the line. Otherwise the project is saved once, and one 'apolo undo' reverses the whole script.
            Destructive lines need their own --yes, or --yes on run.
            """)

    @Argument(help: "The script file, or - to read standard input.") var file: String
    @Flag(help: "Show what each line would do; save nothing.") var dryRun = false
    @Flag(help: "Confirm every destructive line.") var yes = false

    func run() throws {
        let text = try read()
        var edits: [(line: Int, source: String, edit: any Edit, confirmed: Bool)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let source = String(raw).trimmingSpaces
            var words: [String]
            do { words = try ShellWords.split(source) } catch let error as CoreError { throw CLIError.usage("line \(index + 1): \(error.message)") }
            if words.first == "apolo" { words.removeFirst() }
            guard !words.isEmpty else { continue }
            let command: ParsableCommand
            do { command = try Apolo.parseAsRoot(words) } catch {
                throw CLIError.usage("line \(index + 1) (\(source)): \(Apolo.message(for: error).split(separator: "\n").first ?? "invalid command")")
            }
            guard let wrapper = command as? EditWrapper else {
                throw CLIError.usage("line \(index + 1) (\(source)): only commands that change the project can run in a script")
            }
            edits.append((index + 1, source, try wrapper.edit(), wrapper.confirmed || yes))
        }
        guard !edits.isEmpty else { throw CLIError.usage("\(file == "-" ? "standard input" : file) holds no commands") }
        try apply(edits)
    }

    private func apply(_ edits: [(line: Int, source: String, edit: any Edit, confirmed: Bool)]) throws {
        let store = Context.store
        let name = try store.requireCurrent()
        let messages: [String] = try store.withLock(name) {
            let before = try store.load(name)
            var project = before
            var messages: [String] = []
            for item in edits {
                do {
                    if !item.confirmed, let question = item.edit.confirmation(in: project) {
                        throw CoreError(.invalid, "\(question.prefix { $0 != "?" }) needs --yes on that line (or apolo run --yes)")
                    }
                    let (next, message) = try item.edit.applied(to: project)
                    project = next
                    messages.append("line \(item.line): \(message)")
                } catch let error as CoreError {
                    throw CoreError(error.kind, "line \(item.line) (\(item.source)): \(error.message); nothing was changed")
                }
            }
            if !dryRun {
                let summary = "ran \(edits.count) command\(edits.count == 1 ? "" : "s") from \(file == "-" ? "standard input" : file)"
                let plugin = Context.environment["APOLO_PLUGIN_COMMAND"].map { "\($0) (plugin, via apolo run -)" }
                try Runner.commit(before, project, summary: summary, command: plugin ?? Context.typedCommand, store: store)
            }
            return messages
        }
        for message in messages { Output.line(message) }
        Output.line(dryRun ? "dry run: \(edits.count) commands checked; nothing was saved" : "applied \(edits.count) commands in one step (apolo undo reverses them all)")
    }

    private func read() throws -> String {
        if file == "-" {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CLIError.usage("cannot read script \(file): no such file or not readable")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
