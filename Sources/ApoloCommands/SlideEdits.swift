import ApoloCore
import ArgumentParser

public struct SlideMoveCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "move", abstract: SlideMove.spec.summary,
        discussion: Registry.examplesText(SlideMove.self))
    @Argument(help: "The slide: PLACE:N, id prefix or file name.") var ref: String
    @Option(
        help: "PLACE (append) or PLACE:N (insert before N); 'table' takes it off its shelf.",
        completion: Completions.places) var to: String

    public init() {}

    public func edit() throws -> any Edit { SlideMove(ref, to: to) }
}

public struct SlideSwapCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "swap", abstract: SlideSwap.spec.summary,
        discussion: Registry.examplesText(SlideSwap.self))
    @Argument var first: String
    @Argument var second: String

    public init() {}

    public func edit() throws -> any Edit { SlideSwap(first, second) }
}

public struct SlideDiscardCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "discard", abstract: SlideDiscard.spec.summary,
        discussion: Registry.examplesText(SlideDiscard.self))
    @Argument(help: "One or more slides: PLACE:N, ranges like table:81-83, id prefixes or file names.")
    var refs: [String]

    public init() {}

    public func edit() throws -> any Edit { SlideDiscard(refs) }
}

public struct SlideRestoreCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "restore", abstract: SlideRestore.spec.summary,
        discussion: Registry.examplesText(SlideRestore.self))
    @Argument var ref: String

    public init() {}

    public func edit() throws -> any Edit { SlideRestore(ref) }
}
