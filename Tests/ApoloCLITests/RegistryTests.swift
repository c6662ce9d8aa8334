import ApoloCore
import ApoloCommands
import ArgumentParser
import Testing
@testable import ApoloCLI

@Suite struct RegistryTests {
    /// Every leaf command path of the CLI, e.g. "slide move".
    static func leaves(_ command: ParsableCommand.Type, _ prefix: [String] = []) -> [String] {
        let subcommands = command.configuration.subcommands
        let name = command.configuration.commandName ?? ""
        let path = prefix + (name == "apolo" ? [] : [name])
        if subcommands.isEmpty { return [path.joined(separator: " ")] }
        return subcommands.flatMap { leaves($0, path) }
    }

    /// Help was wrapped twice: at the source's 110 columns, then at the terminal's 80 (a short line every other
    /// line). Paragraphs are joined so that the parser wraps them once; examples, lists and headings stay.
    @Test func helpTextIsWrappedOnceToTheTerminal() {
        #expect(
            prose("one line\nthe same paragraph\n\nExamples:\n  apolo rate table:1 5\n- an item\n- another")
                == "one line the same paragraph\n\nExamples:\n  apolo rate table:1 5\n- an item\n- another")
        let help = TimeShiftCommand.helpMessage(columns: 80)
        #expect(help.contains("camera's name (any case); --serial picks one body of a model."), "\(help)")
        for line in help.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("USAGE:") {
            #expect(line.count <= 80)
        }
    }

    @Test func theRegistryListsExactlyTheCommandsTheCLIAccepts() {
        #expect(Set(Self.leaves(Apolo.self)) == Set(Registry.all.map(\.name)))
    }

    /// An example's command line, parsed as the CLI parses it, must give exactly the edit value it shows.
    @Test func everyEditExampleLineParsesToItsOwnValue() throws {
        // importing and relinking read files, sharing makes a secret and reads the clock, grouping people reads the
        // measured faces: the CLI builds those edits
        let built: [any Edit.Type] = [AddPhotos.self, Relink.self, ShareCreate.self, ShareRevoke.self, PeopleGroup.self]
        for type in Registry.edits where !built.contains(where: { $0 == type }) {
            for example in type.examples {
                let words = try ShellWords.split(example.line)
                let edit = try EditCommands.change(words).edit
                let command = try Apolo.parseAsRoot(words)
                #expect(command is EditWrapper || command is FilterCLI, "the CLI parses \(example.line) as an edit too")
                #expect(
                    edit.isSame(as: example.edit),
                    "\(example.line) parses to \(edit), but the example shows \(example.edit)")
            }
        }
    }

    /// `apolo commands --json` shows the parser's own usage, so it names every real option.
    @Test func commandUsageComesFromTheParser() throws {
        let leaves = CommandsCLI.leaves(Apolo.self)
        let export = CommandsCLI.usage(try #require(leaves["export"]))
        for option in ["--to", "--force", "--dry-run", "--max-size", "--quality", "--strip", "--sidecars", "--json"] {
            #expect(export.contains(option), "\(export)")
        }
        let importUsage = CommandsCLI.usage(try #require(leaves["import"]))
        for option in ["--no-thumbnails", "--no-sidecars", "--quiet"] {
            #expect(importUsage.contains(option), "\(importUsage)")
        }
        #expect(CommandsCLI.usage(try #require(leaves["slide show"])).contains("--open"))
        for spec in Registry.all { #expect(leaves[spec.name] != nil, "\(spec.name) has no CLI command") }
    }
}
