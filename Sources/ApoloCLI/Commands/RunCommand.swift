import ApoloCore
import ApoloEngine
import ArgumentParser
import Foundation

/// `apolo run FILE | -`: a script of edits, applied all together or not at all.
struct RunCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: CommandSpec.run.summary,
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
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
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
        let changes = edits.map { Change($0.edit, confirmed: $0.confirmed, label: "line \($0.line) (\($0.source.escaped))") }
        let summary = "ran \(edits.count) command\(edits.count == 1 ? "" : "s") from \(file == "-" ? "standard input" : file)"
        let plugin = Context.environment["APOLO_PLUGIN_COMMAND"].map { "\($0) (plugin, via apolo run -)" }
        let outcome = try Context.engine.apply(changes, command: plugin ?? Context.typedCommand, summary: summary, dryRun: dryRun)
        Runner.report(outcome)
        let count = "\(edits.count) command\(edits.count == 1 ? "" : "s")"
        Output.line(dryRun ? "dry run: \(count) checked; nothing was saved" : "applied \(count) in one step (apolo undo reverses \(edits.count == 1 ? "it" : "them all"))")
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
