import ApoloCore
import ArgumentParser

/// `apolo rate REF N`.
struct RateCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "rate", abstract: Rate.spec.summary, discussion: Registry.examplesText("rate"))
    @Argument(help: ArgumentHelp("One or more photos (PLACE:N, a range like table:1-20, id prefix or file name), then the stars 0–5 (0 clears).",
                                 valueName: "REF... STARS"))
    var words: [String]

    func validate() throws {
        guard words.count >= 2 else { throw ValidationError("name at least one photo and the stars, e.g. apolo rate table:1-20 4") }
        guard Int(words[words.count - 1]) != nil else { throw ValidationError("the last word must be the stars, 0–5 (not '\(words[words.count - 1])')") }
    }

    func edit() throws -> any Edit { Rate(Array(words.dropLast()), Int(words[words.count - 1]) ?? -1) }
}

/// `apolo tag …`.
struct TagGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Add, remove and list tags.", subcommands: [TagAddCLI.self, TagRemoveCLI.self, TagListCLI.self])
}

struct TagAddCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "add", abstract: TagAdd.spec.summary, discussion: Registry.examplesText("tag add"))
    @Argument(help: "The photos: PLACE:N, a range like best:2-5, several joined by commas, an id prefix or a file name.") var ref: String
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
