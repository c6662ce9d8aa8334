import ApoloCore
import ArgumentParser

/// `apolo label REF... COLOUR|none`.
public struct LabelCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "label", abstract: Label.spec.summary, discussion: Registry.examplesText(Label.self))
    @Argument(
        help: ArgumentHelp(
            "One or more photos, then red, yellow, green, blue, purple or none.",
            valueName: "REF... COLOUR"))
    var words: [String]

    public func validate() throws {
        guard words.count >= 2 else {
            throw ValidationError("name at least one photo and the colour, e.g. apolo label table:1-3 red")
        }
    }

    public init() {}

    public func edit() throws -> any Edit { Label(Array(words.dropLast()), words[words.count - 1]) }
}

public struct StackSplitCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "split", abstract: StackSplit.spec.summary)
    @Argument(help: "The photos each new stack begins with.") var refs: [String]

    public init() {}

    public func edit() throws -> any Edit { StackSplit(refs) }
}

public struct StackAutoCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "auto", abstract: StackAuto.spec.summary, discussion: Registry.examplesText(StackAuto.self))
    @Option(
        help: ArgumentHelp(
            "Frames shot at most this far apart are one stack: 2s, 1.5s, 500ms, 1m; off: "
                + "look-alike bursts only.", valueName: "DURATION|off")) var gap: String

    public init() {}

    public func validate() throws {
        guard StackAuto.parse(gap) != nil else { throw ValidationError("--gap takes 2s, 1.5s, 500ms, 1m or off") }
    }

    public func edit() throws -> any Edit { StackAuto(gap: StackAuto.parse(gap) ?? nil) }
}

public struct StackMergeCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "merge", abstract: StackMerge.spec.summary)
    @Argument(help: "Two or more photos (their stacks come with them).") var refs: [String]

    public init() {}

    public func edit() throws -> any Edit { StackMerge(refs) }
}

public struct StackKeepCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "keep", abstract: StackKeep.spec.summary)
    @Argument(help: "A photo of the stack.") var ref: String
    @Flag(help: "Keep this photo rather than the suggested one.") var this = false

    public init() {}

    public func edit() throws -> any Edit { StackKeep(ref, this: this) }
}
