import ApoloCore
import ArgumentParser

public struct ShelfCreateCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "create", abstract: ShelfCreate.spec.summary,
        discussion: Registry.examplesText(ShelfCreate.self))
    @Argument(help: "Shelf name: unique, no ':' or '/', not 'table' or 'discarded'.") var name: String
    @Option(help: "Insert before shelf N (default: after the last).") var at: Int?

    public init() {}

    public func edit() throws -> any Edit { ShelfCreate(name: name, at: at) }
}

public struct ShelfRenameCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "rename", abstract: ShelfRename.spec.summary,
        discussion: Registry.examplesText(ShelfRename.self))
    @Argument(completion: Completions.shelves) var old: String
    @Argument var new: String

    public init() {}

    public func edit() throws -> any Edit { ShelfRename(old: old, new: new) }
}

public struct ShelfDeleteCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "delete", abstract: ShelfDelete.spec.summary,
        discussion: Registry.examplesText(ShelfDelete.self))
    @Argument(completion: Completions.shelves) var name: String
    @Flag(help: "Do not ask for confirmation (required without a terminal).") var yes = false

    public var confirmed: Bool { yes }

    public init() {}

    public func edit() throws -> any Edit { ShelfDelete(name: name) }
}

public struct ShelfMoveCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "move", abstract: ShelfMove.spec.summary,
        discussion: Registry.examplesText(ShelfMove.self))
    @Argument(completion: Completions.shelves) var name: String
    @Flag(help: "One place up.") var up = false
    @Flag(help: "One place down.") var down = false
    @Option(help: "To position N (1 = first).") var to: Int?

    public func validate() throws {
        guard [up, down, to != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --up, --down, --to N")
        }
    }

    public init() {}

    public func edit() throws -> any Edit {
        ShelfMove(name: name, motion: up ? .up : down ? .down : .to(to ?? 1))
    }
}
