import ApoloCore
import ArgumentParser

/// `apolo album …`: locked, ordered sequences made from shelves.
struct AlbumGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album", abstract: "Compress shelves into albums; list, show, reorder, reopen and discard albums.",
        subcommands: [AlbumCompressCLI.self, AlbumListCLI.self, AlbumShowCLI.self, AlbumMoveCLI.self, AlbumSwapCLI.self, AlbumReopenCLI.self, AlbumDiscardCLI.self])
}

struct AlbumCompressCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "compress", abstract: AlbumCompress.spec.summary, discussion: Registry.examplesText(AlbumCompress.self))
    @Argument(completion: Completions.shelves) var shelf: String

    func edit() throws -> any Edit { AlbumCompress(shelf) }
}

struct AlbumListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.albumList.summary)
    @Flag(help: "Print JSON: [{position, name, slides}].") var json = false

    func run() throws { try Listings.rows(albums: true, json: json) }
}

struct AlbumShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: CommandSpec.albumShow.summary)
    @Argument(completion: Completions.albums) var name: String
    @Flag(help: "Print JSON: [{position, place, id, file, path, captured, fileTime?, rating, tags}].") var json = false

    func run() throws { try Listings.slides(of: name, album: true, json: json) }
}

struct AlbumMoveCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "move", abstract: AlbumMove.spec.summary, discussion: Registry.examplesText(AlbumMove.self))
    @Argument(completion: Completions.albums) var name: String
    @Option(help: "New position (1 = first).") var to: Int

    func edit() throws -> any Edit { AlbumMove(name, to: to) }
}

struct AlbumSwapCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "swap", abstract: AlbumSwap.spec.summary, discussion: Registry.examplesText(AlbumSwap.self))
    @Argument(completion: Completions.albums) var first: String
    @Argument(completion: Completions.albums) var second: String

    func edit() throws -> any Edit { AlbumSwap(first, second) }
}

struct AlbumReopenCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: AlbumReopen.spec.summary, discussion: Registry.examplesText(AlbumReopen.self))
    @Argument(completion: Completions.albums) var name: String

    func edit() throws -> any Edit { AlbumReopen(name) }
}

struct AlbumDiscardCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "discard", abstract: AlbumDiscard.spec.summary, discussion: Registry.examplesText(AlbumDiscard.self))
    @Argument(completion: Completions.albums) var name: String
    @Flag(help: "Do not ask for confirmation (required without a terminal).") var yes = false

    var confirmed: Bool { yes }

    func edit() throws -> any Edit { AlbumDiscard(name) }
}
