import ApoloCore
import ArgumentParser

/// `apolo rate REF N`.
struct RateCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "rate", abstract: Rate.spec.summary, discussion: Registry.examplesText("rate"))
    @Argument(help: "The photo: PLACE:N, id prefix or file name.") var ref: String
    @Argument(help: "Stars, 0–5 (0 clears the rating).") var stars: Int

    func edit() throws -> any Edit { Rate(ref, stars) }
}

/// `apolo tag …`.
struct TagGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Add, remove and list tags.", subcommands: [TagAddCLI.self, TagRemoveCLI.self, TagListCLI.self])
}

struct TagAddCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "add", abstract: TagAdd.spec.summary, discussion: Registry.examplesText("tag add"))
    @Argument var ref: String
    @Argument(help: "One or more tags.") var tags: [String]

    func edit() throws -> any Edit { TagAdd(ref, tags) }
}

struct TagRemoveCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: TagRemove.spec.summary, discussion: Registry.examplesText("tag remove"))
    @Argument var ref: String
    @Argument var tags: [String]

    func edit() throws -> any Edit { TagRemove(ref, tags) }
}

struct TagListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: Registry.spec("tag list").summary)
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
    static let configuration = CommandConfiguration(commandName: "table", abstract: Registry.spec("table").summary)
    @Flag(help: "List discarded photos instead (restore with: apolo slide restore discarded:N).") var discarded = false
    @Flag(help: "Print JSON: [{position, place, id, file, path, captured, rating, tags}].") var json = false

    func run() throws {
        let views = try Runner.read { $0.slideViews(discarded ? .discarded : .table) }
        Runner.keep(views)
        if json { return try Output.json(array: views) }
        if views.isEmpty {
            return Output.line(discarded ? "nothing is discarded" : "the table is empty (import photos with: apolo import PATH, or move slides back with --to table)")
        }
        Output.slides(views)
    }
}

/// `apolo commands`: the registry.
struct CommandsCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "commands", abstract: Registry.spec("commands").summary)
    @Flag(help: "Print JSON: [{name, usage, summary, kind}].") var json = false

    struct Row: Encodable {
        let name, usage, summary, kind: String
    }

    func run() throws {
        var rows = Registry.all.map { Row(name: $0.name, usage: $0.usage, summary: $0.summary, kind: $0.kind.rawValue) }
        rows += Plugins.all().map { Row(name: $0.name, usage: "\($0.name) ...", summary: Plugins.describe($0.path), kind: "plugin") }
        if json { return try Output.json(rows) }
        Output.table(["COMMAND", "KIND", "WHAT IT DOES"], rows.map { [$0.name, $0.kind, $0.summary] })
    }
}
