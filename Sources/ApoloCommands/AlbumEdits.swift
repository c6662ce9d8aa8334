import ApoloCore
import ArgumentParser

public struct AlbumCompressCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "compress", abstract: AlbumCompress.spec.summary,
        discussion: Registry.examplesText(AlbumCompress.self))
    @Argument(completion: Completions.shelves) var shelf: String

    public init() {}

    public func edit() throws -> any Edit { AlbumCompress(shelf) }
}

public struct AlbumMoveCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "move", abstract: AlbumMove.spec.summary,
        discussion: Registry.examplesText(AlbumMove.self))
    @Argument(completion: Completions.albums) var name: String
    @Option(help: "New position (1 = first).") var to: Int

    public init() {}

    public func edit() throws -> any Edit { AlbumMove(name, to: to) }
}

public struct AlbumSwapCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "swap", abstract: AlbumSwap.spec.summary,
        discussion: Registry.examplesText(AlbumSwap.self))
    @Argument(completion: Completions.albums) var first: String
    @Argument(completion: Completions.albums) var second: String

    public init() {}

    public func edit() throws -> any Edit { AlbumSwap(first, second) }
}

public struct AlbumReopenCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "reopen", abstract: AlbumReopen.spec.summary,
        discussion: Registry.examplesText(AlbumReopen.self))
    @Argument(completion: Completions.albums) var name: String

    public init() {}

    public func edit() throws -> any Edit { AlbumReopen(name) }
}

public struct AlbumDiscardCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "discard", abstract: AlbumDiscard.spec.summary,
        discussion: Registry.examplesText(AlbumDiscard.self))
    @Argument(completion: Completions.albums) var name: String
    @Flag(help: "Do not ask for confirmation (required without a terminal).") var yes = false

    public var confirmed: Bool { yes }

    public init() {}

    public func edit() throws -> any Edit { AlbumDiscard(name) }
}
