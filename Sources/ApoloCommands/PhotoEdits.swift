import ApoloCore
import ArgumentParser

/// `apolo rate REF N`.
public struct RateCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "rate", abstract: Rate.spec.summary,
        discussion: Registry.examplesText(Rate.self))
    @Argument(
        help: ArgumentHelp(
            "One or more photos (PLACE:N, a range like table:1-20, id prefix or file name), "
                + "then the stars 0–5 (0 clears).",
            valueName: "REF... STARS"))
    var words: [String]

    public func validate() throws {
        guard words.count >= 2 else {
            throw ValidationError("name at least one photo and the stars, e.g. apolo rate table:1-20 4")
        }
        guard Int(words[words.count - 1]) != nil else {
            throw ValidationError("the last word must be the stars, 0–5 (not '\(words[words.count - 1])')")
        }
    }

    public init() {}

    public func edit() throws -> any Edit { Rate(Array(words.dropLast()), Int(words[words.count - 1]) ?? -1) }
}

public struct TagAddCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "add", abstract: TagAdd.spec.summary,
        discussion: Registry.examplesText(TagAdd.self))
    @Argument(
        help: ArgumentHelp(
            "The photos: PLACE:N, a range like best:2-5, several joined by commas, an id prefix "
                + "or a file name."))
    var ref: String
    @Argument(help: "One or more tags.") var tags: [String]

    public init() {}

    public func edit() throws -> any Edit { TagAdd(ref, tags) }
}

public struct TagRemoveCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "remove", abstract: TagRemove.spec.summary,
        discussion: Registry.examplesText(TagRemove.self))
    @Argument var ref: String
    @Argument var tags: [String]

    public init() {}

    public func edit() throws -> any Edit { TagRemove(ref, tags) }
}
