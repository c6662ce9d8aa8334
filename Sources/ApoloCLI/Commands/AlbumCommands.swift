import ApoloCommands
import ApoloCore
import ArgumentParser

/// `apolo album …`: locked, ordered sequences made from shelves.
struct AlbumGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album", abstract: "Compress shelves into albums; list, show, reorder, reopen and discard albums.",
        subcommands: [
            AlbumCompressCommand.self, AlbumListCLI.self, AlbumShowCLI.self, AlbumMoveCommand.self,
            AlbumSwapCommand.self, AlbumReopenCommand.self, AlbumDiscardCommand.self
        ])
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
