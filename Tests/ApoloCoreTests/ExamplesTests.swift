import Testing
@testable import ApoloCore

/// Every edit's examples, as documented in `--help`, run as tests.
@Suite struct ExamplesTests {
    static let all: [(String, Example)] = Registry.edits.flatMap { type in type.examples.map { (type.spec.name, $0) } }

    @Test(arguments: all.indices)
    func example(_ index: Int) throws {
        let (name, example) = Self.all[index]
        let before = try Sketch.project(example.before)
        if let after = example.after {
            let (result, message) = try example.edit.applied(to: before)
            #expect(Sketch.render(result) == Sketch.render(try Sketch.project(after)), "\(name): \(example.line)")
            #expect(!message.description.isEmpty)
            #expect(try ProjectCheck.problems(in: result).isEmpty, "\(example.line) left an invalid project")
        } else if let error = example.error {
            var copy = before
            do {
                _ = try example.edit.apply(to: &copy)
                Issue.record("\(example.line) should fail with '\(error)'")
            } catch let failure as CoreError {
                #expect(failure.message.contains(error), "\(example.line): got '\(failure.message)'")
            }
        }
    }

    @Test func everyEditHasExamplesAndAUniqueName() {
        for type in Registry.edits { #expect(!type.examples.isEmpty, "\(type.spec.name) has no examples") }
        let names = Registry.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func examplesLinesStartWithTheirCommandName() {
        for type in Registry.edits where type.spec.kind == .edit {
            for example in type.examples { #expect(example.line.hasPrefix(type.spec.name), "\(example.line)") }
        }
    }
}
