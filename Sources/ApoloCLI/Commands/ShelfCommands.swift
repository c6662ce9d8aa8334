import ApoloCore
import ArgumentParser

/// `apolo shelf …`: named, ordered rows of slides.
struct ShelfGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf", abstract: "Create, rename, delete, reorder, list and show shelves.",
        subcommands: [ShelfCreateCLI.self, ShelfRenameCLI.self, ShelfDeleteCLI.self, ShelfMoveCLI.self, ShelfListCLI.self, ShelfShowCLI.self])
}

struct ShelfCreateCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: ShelfCreate.spec.summary, discussion: Registry.examplesText("shelf create"))
    @Argument(help: "Shelf name: unique, no ':' or '/', not 'table' or 'discarded'.") var name: String
    @Option(help: "Insert before shelf N (default: after the last).") var at: Int?

    func run() throws { try Runner.edit(ShelfCreate(name: name, at: at)) }
}

struct ShelfRenameCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: ShelfRename.spec.summary, discussion: Registry.examplesText("shelf rename"))
    @Argument var old: String
    @Argument var new: String

    func run() throws { try Runner.edit(ShelfRename(old: old, new: new)) }
}

struct ShelfDeleteCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: ShelfDelete.spec.summary, discussion: Registry.examplesText("shelf delete"))
    @Argument var name: String
    @Flag(help: "Do not ask for confirmation (required without a terminal).") var yes = false

    func run() throws { try Runner.edit(ShelfDelete(name: name), yes: yes) }
}

struct ShelfMoveCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: ShelfMove.spec.summary, discussion: Registry.examplesText("shelf move"))
    @Argument var name: String
    @Flag(help: "One place up.") var up = false
    @Flag(help: "One place down.") var down = false
    @Option(help: "To position N (1 = first).") var to: Int?

    func validate() throws {
        guard [up, down, to != nil].filter({ $0 }).count == 1 else { throw ValidationError("give exactly one of --up, --down, --to N") }
    }

    func run() throws {
        let motion: ShelfMove.Motion = up ? .up : down ? .down : .to(to ?? 1)
        try Runner.edit(ShelfMove(name: name, motion: motion))
    }
}

struct ShelfListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: Registry.spec("shelf list").summary)
    @Flag(help: "Print JSON: [{position, name, slides}].") var json = false

    func run() throws { try Listings.rows(albums: false, json: json) }
}

struct ShelfShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: Registry.spec("shelf show").summary)
    @Argument var name: String
    @Flag(help: "Print JSON: [{position, place, id, file, path, captured, rating, tags}].") var json = false

    func run() throws { try Listings.slides(of: name, album: false, json: json) }
}
