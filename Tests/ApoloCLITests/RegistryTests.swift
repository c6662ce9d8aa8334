import ApoloCore
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

    @Test func theRegistryListsExactlyTheCommandsTheCLIAccepts() {
        #expect(Set(Self.leaves(Apolo.self)) == Set(Registry.all.map(\.name)))
    }

    @Test func everyEditExampleLineParses() throws {
        for type in Registry.edits {
            for example in type.examples where example.error == nil {
                let words = example.line.split(separator: " ").map(String.init).map { $0 == "''" ? "" : $0 }
                #expect(throws: Never.self, "\(example.line)") { _ = try Apolo.parseAsRoot(words) }
            }
        }
    }
}
