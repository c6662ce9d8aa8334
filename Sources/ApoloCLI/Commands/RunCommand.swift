import ApoloCommands
import ApoloCore
import ApoloEngine
import ArgumentParser
import Foundation

/// `apolo run FILE | -`: a script of edits, applied all together or not at all.
struct RunCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: CommandSpec.run.summary,
        discussion: prose(
            """
            One apolo command a line, as on the command line (the leading 'apolo' is optional), with shell-style
            quoting and # comments. Only commands that change the project may appear. Every line is checked and
            applied in order to one copy of the project; if any line fails, nothing is saved and the error names
            the line. Otherwise the project is saved once, and one 'apolo undo' reverses the whole script.
            Destructive lines need their own --yes, or --yes on run.
            """))

    @Argument(help: "The script file, or - to read standard input.") var file: String
    @Flag(help: "Show what each line would do; save nothing.") var dryRun = false
    @Flag(help: "Confirm every destructive line.") var yes = false

    func run() throws {
        let text = try read()
        var changes: [Change] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let source = String(raw).trimmingSpaces
            var words: [String]
            do { words = try ShellWords.split(source) } catch let error as CoreError {
                throw CLIError.usage("line \(index + 1): \(error.message)")
            }
            if words.first == "apolo" { words.removeFirst() }
            guard !words.isEmpty else { continue }
            let label = "line \(index + 1) (\(source.escaped))"
            do {
                changes.append(try EditCommands.change(words, label: label, confirmAll: yes))
            } catch let error as CommandWordsError {
                let words =
                    error == .notAnEdit
                    ? "only commands that change the project can run in a script" : error.message
                throw CLIError.usage("line \(index + 1) (\(source)): \(words)")
            }
        }
        let name = file == "-" ? "standard input" : file
        guard !changes.isEmpty else { throw CLIError.usage("\(name) holds no commands") }
        try apply(changes)
    }

    private func apply(_ changes: [Change]) throws {
        let count = "\(changes.count) command\(changes.count == 1 ? "" : "s")"
        let summary = "ran \(count) from \(file == "-" ? "standard input" : file)"
        let plugin = Context.environment["APOLO_PLUGIN_COMMAND"].map { "\($0) (plugin, via apolo run -)" }
        let outcome = try Context.engine.apply(
            changes, command: plugin ?? Context.typedCommand, summary: summary,
            dryRun: dryRun)
        Runner.report(outcome)
        let them = changes.count == 1 ? "it" : "them all"
        Output.line(
            dryRun
                ? "dry run: \(count) checked; nothing was saved"
                : "applied \(count) in one step (apolo undo reverses \(them))")
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
