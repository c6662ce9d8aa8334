import ApoloCore
import ApoloEngine
import ArgumentParser

/// A command that changes the project: it only turns its words into an `Edit` value. The CLI applies it,
/// `apolo run` collects the values of a whole script, and the light table sends the words of each change.
public protocol EditWrapper: ParsableCommand {
    func edit() throws -> any Edit
    /// True when the user passed `--yes` for a destructive edit.
    var confirmed: Bool { get }
}

extension EditWrapper {
    public var confirmed: Bool { false }
}

/// The words of every edit, parsed as the CLI parses them, for every front end that takes an edit as words
/// (`apolo run` scripts, plugins through `run -`, the light table's `/api/run`).
public enum EditCommands {
    /// apolo's home, for the edits that read the photographer's codes and templates.
    public static let home = HomeSource()

    /// The groups and commands that change the project, as the CLI names them.
    public static let groups: [(name: String, commands: [any EditWrapper.Type])] = [
        ("shelf", [ShelfCreateCommand.self, ShelfRenameCommand.self, ShelfDeleteCommand.self, ShelfMoveCommand.self]),
        ("slide", [SlideMoveCommand.self, SlideSwapCommand.self, SlideDiscardCommand.self, SlideRestoreCommand.self]),
        (
            "album",
            [
                AlbumCompressCommand.self, AlbumMoveCommand.self, AlbumSwapCommand.self, AlbumReopenCommand.self,
                AlbumDiscardCommand.self
            ]
        ),
        ("tag", [TagAddCommand.self, TagRemoveCommand.self]),
        ("stack", [StackSplitCommand.self, StackMergeCommand.self, StackKeepCommand.self, StackAutoCommand.self]),
        ("caption", [CaptionSetCommand.self]),
        ("template", [TemplateApplyCommand.self]),
        ("time", [TimeShiftCommand.self, TimeMatchCommand.self]),
        (
            "person",
            [PersonNameCommand.self, PersonMergeCommand.self, PersonSplitCommand.self, PersonForgetCommand.self]
        ),
        ("", [RateCommand.self, LabelCommand.self, FilterEditCommand.self])
    ]

    /// One command line as words (`["rate", "table:3", "4"]`, no leading `apolo`) as one change; `confirmAll`
    /// confirms a destructive edit that did not pass `--yes` itself.
    public static func change(_ words: [String], label: String? = nil, confirmAll: Bool = false) throws -> Change {
        let words = TimeShiftCommand.protectingDurations(words)
        guard isEdit(words) else { throw CommandWordsError.notAnEdit }
        let command: ParsableCommand
        do { command = try Root.parseAsRoot(words) } catch {
            let first = Root.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid command"
            throw CommandWordsError.invalid(first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first)
        }
        guard let wrapper = command as? EditWrapper else { throw CommandWordsError.notAnEdit }
        return Change(try wrapper.edit(), confirmed: wrapper.confirmed || confirmAll, label: label)
    }

    /// True when the words start with the name of a command that changes the project.
    static func isEdit(_ words: [String]) -> Bool {
        groups.contains { group in
            let rest = group.name.isEmpty ? words[...] : words.first == group.name ? words.dropFirst() : []
            return rest.first.map { word in group.commands.contains { $0.configuration.commandName == word } } ?? false
        }
    }

    /// Only the commands that change the project (a listing or an export is refused before it is parsed).
    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "apolo",
            subcommands: [
                Shelf.self, Slide.self, Album.self, Tag.self, Stack.self, Caption.self, Template.self, Time.self,
                Person.self, RateCommand.self, LabelCommand.self, FilterEditCommand.self
            ])
    }

    struct Shelf: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "shelf", subcommands: groups[0].commands)
    }

    struct Slide: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "slide", subcommands: groups[1].commands)
    }

    struct Album: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "album", subcommands: groups[2].commands)
    }

    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tag", subcommands: groups[3].commands)
    }

    struct Stack: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stack", subcommands: groups[4].commands)
    }

    struct Caption: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "caption", subcommands: groups[5].commands)
    }

    struct Template: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "template", subcommands: groups[6].commands)
    }

    struct Time: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "time", subcommands: groups[7].commands)
    }

    struct Person: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "person", subcommands: groups[8].commands)
    }
}

/// Why words are not an edit: a usage error (exit 2; 422 from the page).
public enum CommandWordsError: Error, Equatable, CustomStringConvertible {
    /// The words name a command that does not change the project (or none at all).
    case notAnEdit
    /// The parser's first line about the words.
    case invalid(String)

    public var description: String {
        switch self {
        case .notAnEdit: "only commands that change the project can run here"
        case .invalid(let message): message
        }
    }
}

extension CommandWordsError: ApoloFailure {
    public var failure: FailureKind { .usage }
    public var message: String { description }
}
