import ApoloCore
import ArgumentParser

/// `apolo person name PERSON NAME`.
public struct PersonNameCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "name", abstract: PersonNameEdit.spec.summary,
        discussion: Registry.examplesText(PersonNameEdit.self))
    @Argument(help: "The person: their number in apolo people, or their name.") var person: String
    @Argument(help: "The name to give (not a number).") var name: String

    public init() {}

    public func edit() throws -> any Edit { PersonNameEdit(person, name) }
}

/// `apolo person merge PERSON... INTO`.
public struct PersonMergeCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "merge", abstract: PersonMerge.spec.summary, discussion: Registry.examplesText(PersonMerge.self))
    @Argument(
        help: ArgumentHelp("Two or more people (numbers or names); the last keeps them all.", valueName: "PERSON"))
    var persons: [String]

    public init() {}

    public func validate() throws {
        guard persons.count >= 2 else { throw ValidationError("name two or more people, e.g. apolo person merge 3 1") }
    }

    public func edit() throws -> any Edit { PersonMerge(persons) }
}

/// `apolo person split PERSON REF...`.
public struct PersonSplitCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "split", abstract: PersonSplit.spec.summary, discussion: Registry.examplesText(PersonSplit.self))
    @Argument(help: "The person (number or name).") var person: String
    @Argument(help: "The photos whose faces of that person are someone else (table:4-6, best:2, …).")
    var refs: [String]

    public init() {}

    public func validate() throws {
        guard !refs.isEmpty else { throw ValidationError("name the photos, e.g. apolo person split 3 table:4-6") }
    }

    public func edit() throws -> any Edit { PersonSplit(person, refs) }
}

/// `apolo person forget PERSON...`.
public struct PersonForgetCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "forget", abstract: PersonForget.spec.summary,
        discussion: Registry.examplesText(PersonForget.self))
    @Argument(help: ArgumentHelp("One or more people (numbers or names).", valueName: "PERSON")) var persons: [String]

    public init() {}

    public func validate() throws {
        guard !persons.isEmpty else { throw ValidationError("name a person, e.g. apolo person forget 4") }
    }

    public func edit() throws -> any Edit { PersonForget(persons) }
}
