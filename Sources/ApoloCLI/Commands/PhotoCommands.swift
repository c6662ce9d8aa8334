import ApoloCommands
import ApoloCore
import ArgumentParser
import Foundation

/// `apolo tag …`.
struct TagGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Add, remove and list tags.",
        subcommands: [TagAddCommand.self, TagRemoveCommand.self, TagListCLI.self])
}

struct CaptionGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caption", abstract: "Set photos' titles, captions and other IPTC fields.",
        subcommands: [CaptionSetCommand.self])
}

struct TimeGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "time", abstract: "Fix capture times where a camera's clock was wrong.",
        subcommands: [TimeShiftCommand.self, TimeMatchCommand.self])
}

struct TagListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.tagList.summary)
    @Flag(help: "Print JSON: [{tag, count}].") var json = false

    func run() throws {
        let counts = try Runner.read { $0.tagCounts }
        if json { return try Output.json(counts) }
        if counts.isEmpty { return Output.line("no tags yet; add some with: apolo tag add REF TAG...") }
        Output.table(["TAG", "PHOTOS"], counts.map { [$0.tag, String($0.count)] }, right: [1])
    }
}

/// `apolo table [--discarded]`.
struct TableCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "table", abstract: CommandSpec.table.summary)
    @Flag(help: "List discarded photos instead (restore with: apolo slide restore discarded:N).") var discarded = false
    @Flag(
        help: ArgumentHelp(
            "Print JSON: [{position, place, id, file, path, captured, fileTime?, rating, tags, "
                + "label?, stack?, best?, sharpness?, blurry?, clipped?}].")) var json = false

    func run() throws {
        let views = try Runner.read { project in
            project.slideViews(discarded ? .discarded : .table, analysis: json ? Runner.analysis(of: project) : nil)
        }
        Runner.keep(views)
        if json { return try Output.json(array: views) }
        if views.isEmpty {
            return Output.line(
                discarded
                    ? "nothing is discarded"
                    : "the table is empty (import photos with: apolo import PATH, or move slides back with --to table)")
        }
        Output.slides(views)
    }
}

/// `apolo commands`: the registry.
struct CommandsCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "commands", abstract: CommandSpec.commands.summary)
    @Flag(help: "Print JSON: [{name, usage, summary, kind}].") var json = false

    struct Row: Encodable {
        let name, usage, summary, kind: String
    }

    func run() throws {
        let leaves = Self.leaves(Apolo.self)
        var rows = Registry.all.map { spec in
            Row(
                name: spec.name, usage: leaves[spec.name].map(Self.usage) ?? spec.name, summary: spec.summary,
                kind: spec.kind.rawValue)
        }
        rows += Plugins.all().map {
            Row(name: $0.name, usage: "\($0.name) ...", summary: Plugins.describe($0.path), kind: "plugin")
        }
        if json { return try Output.json(rows) }
        Output.table(["COMMAND", "KIND", "WHAT IT DOES"], rows.map { [$0.name, $0.kind, $0.summary] })
    }

    /// Every leaf command of the CLI by its registry name ("slide move").
    static func leaves(_ command: ParsableCommand.Type, _ prefix: [String] = []) -> [String: ParsableCommand.Type] {
        let name = command.configuration.commandName ?? ""
        let path = prefix + (command == Apolo.self ? [] : [name])
        if command.configuration.subcommands.isEmpty { return [path.joined(separator: " "): command] }
        return command.configuration.subcommands.reduce(into: [:]) { all, sub in
            all.merge(leaves(sub, path)) { a, _ in a }
        }
    }

    /// The usage line ArgumentParser derives from the command's real options, without the leading `apolo`.
    static func usage(_ command: ParsableCommand.Type) -> String {
        var text = Apolo.usageString(for: command).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if text.contains("<options>") {  // the parser shortens a long synopsis: spell its options out again
            text = text.replacingOccurrences(of: "<options>", with: options(command).joined(separator: " "))
        }
        return text.hasPrefix("apolo ") ? String(text.dropFirst(6)) : text
    }

    /// `[--to <to>]`, … from the OPTIONS section of the command's help (not --help and --version).
    static func options(_ command: ParsableCommand.Type) -> [String] {
        var inOptions = false
        var found: [String] = []
        let help = Apolo.helpMessage(for: command, columns: 1000)
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OPTIONS:") { inOptions = true; continue }
            guard inOptions else { continue }
            if !line.hasPrefix(" ") { break }
            let spec = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            guard spec.hasPrefix("-"), !spec.contains("--help"), !spec.contains("--version") else { continue }
            found.append("[" + (spec.components(separatedBy: ", ").last ?? spec) + "]")
        }
        return found
    }
}
