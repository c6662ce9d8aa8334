import ApoloCore
import ArgumentParser

/// `apolo shelf …`: named, ordered rows of slides.
struct ShelfGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf", abstract: "Create, rename, delete, reorder, list and show shelves.",
        subcommands: [ShelfCreateCLI.self, ShelfRenameCLI.self, ShelfDeleteCLI.self, ShelfMoveCLI.self, ShelfListCLI.self, ShelfShowCLI.self])
}

struct ShelfCreateCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "create", abstract: ShelfCreate.spec.summary, discussion: Registry.examplesText(ShelfCreate.self))
    @Argument(help: "Shelf name: unique, no ':' or '/', not 'table' or 'discarded'.") var name: String
    @Option(help: "Insert before shelf N (default: after the last).") var at: Int?

    func edit() throws -> any Edit { ShelfCreate(name: name, at: at) }
}

struct ShelfRenameCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: ShelfRename.spec.summary, discussion: Registry.examplesText(ShelfRename.self))
    @Argument(completion: Completions.shelves) var old: String
    @Argument var new: String

    func edit() throws -> any Edit { ShelfRename(old: old, new: new) }
}

struct ShelfDeleteCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: ShelfDelete.spec.summary, discussion: Registry.examplesText(ShelfDelete.self))
    @Argument(completion: Completions.shelves) var name: String
    @Flag(help: "Do not ask for confirmation (required without a terminal).") var yes = false

    var confirmed: Bool { yes }

    func edit() throws -> any Edit { ShelfDelete(name: name) }
}

struct ShelfMoveCLI: EditWrapper {
    static let configuration = CommandConfiguration(commandName: "move", abstract: ShelfMove.spec.summary, discussion: Registry.examplesText(ShelfMove.self))
    @Argument(completion: Completions.shelves) var name: String
    @Flag(help: "One place up.") var up = false
    @Flag(help: "One place down.") var down = false
    @Option(help: "To position N (1 = first).") var to: Int?

    func validate() throws {
        guard [up, down, to != nil].filter({ $0 }).count == 1 else { throw ValidationError("give exactly one of --up, --down, --to N") }
    }

    func edit() throws -> any Edit {
        ShelfMove(name: name, motion: up ? .up : down ? .down : .to(to ?? 1))
    }
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
