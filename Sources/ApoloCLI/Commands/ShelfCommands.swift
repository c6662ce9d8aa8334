import ApoloCommands
import ApoloCore
import ArgumentParser

/// `apolo shelf …`: named, ordered rows of slides.
struct ShelfGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf", abstract: "Create, rename, delete, reorder, list and show shelves.",
        subcommands: [
            ShelfCreateCommand.self, ShelfRenameCommand.self, ShelfDeleteCommand.self,
            ShelfMoveCommand.self, ShelfListCLI.self, ShelfShowCLI.self
        ])
}

struct ShelfListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.shelfList.summary)
    @Flag(help: "Print JSON: [{position, name, slides}].") var json = false

    func run() throws { try Listings.rows(albums: false, json: json) }
}

struct ShelfShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: CommandSpec.shelfShow.summary)
    @Argument(completion: Completions.shelves) var name: String
    @Flag(help: "Print JSON: [{position, place, id, file, path, captured, fileTime?, rating, tags}].") var json = false

    func run() throws { try Listings.slides(of: name, album: false, json: json) }
}
