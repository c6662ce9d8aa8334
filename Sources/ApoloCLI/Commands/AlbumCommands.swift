import ApoloCore
import ArgumentParser

/// `apolo album …`: locked, ordered sequences made from shelves.
struct AlbumGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album", abstract: "Compress shelves into albums; list, show, reorder, reopen and discard albums.",
        subcommands: [AlbumCompressCLI.self, AlbumListCLI.self, AlbumShowCLI.self, AlbumMoveCLI.self, AlbumSwapCLI.self, AlbumReopenCLI.self, AlbumDiscardCLI.self])
}

struct AlbumCompressCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "compress", abstract: AlbumCompress.spec.summary, discussion: Registry.examplesText("album compress"))
    @Argument var shelf: String

    func run() throws { try Runner.edit(AlbumCompress(shelf)) }
}

struct AlbumListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: Registry.spec("album list").summary)
    @Flag(help: "Print JSON: [{position, name, slides}].") var json = false

    func run() throws {
        let rows = try Runner.read { $0.summaries(albums: true) }
        if json { return try Output.json(rows) }
        if rows.isEmpty { return Output.line("no albums yet; make one with: apolo album compress SHELF") }
        Output.table(["#", "ALBUM", "SLIDES"], rows.map { [String($0.position), $0.name, String($0.slides)] }, right: [0, 2])
    }
}

struct AlbumShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: Registry.spec("album show").summary)
    @Argument var name: String
    @Flag(help: "Print JSON: [{position, place, id, file, path, captured, rating, tags}].") var json = false

    func run() throws {
        let (title, views) = try Runner.read { project in
            let row = project.albums[try project.requireAlbum(name)]
            return (row.name, project.slideViews(.album(row.name)))
        }
        if json { return try Output.json(views) }
        Output.line("album \(title): \(views.count) slide\(views.count == 1 ? "" : "s") (locked)")
        Output.slides(views)
    }
}

struct AlbumMoveCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: AlbumMove.spec.summary, discussion: Registry.examplesText("album move"))
    @Argument var name: String
    @Option(help: "New position (1 = first).") var to: Int

    func run() throws { try Runner.edit(AlbumMove(name, to: to)) }
}

struct AlbumSwapCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "swap", abstract: AlbumSwap.spec.summary, discussion: Registry.examplesText("album swap"))
    @Argument var first: String
    @Argument var second: String

    func run() throws { try Runner.edit(AlbumSwap(first, second)) }
}

struct AlbumReopenCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: AlbumReopen.spec.summary, discussion: Registry.examplesText("album reopen"))
    @Argument var name: String

    func run() throws { try Runner.edit(AlbumReopen(name)) }
}

struct AlbumDiscardCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "discard", abstract: AlbumDiscard.spec.summary, discussion: Registry.examplesText("album discard"))
    @Argument var name: String
    @Flag(help: "Do not ask for confirmation (required without a terminal).") var yes = false

    func run() throws { try Runner.edit(AlbumDiscard(name), yes: yes) }
}
