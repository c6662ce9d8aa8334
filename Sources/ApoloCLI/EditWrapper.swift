import ApoloCore
import ArgumentParser

/// A CLI wrapper for an edit: it only converts its arguments into an `Edit` value.
/// `run()` hands that value to the runner; `apolo run` collects the values of a whole script.
protocol EditWrapper: ParsableCommand {
    func edit() throws -> any Edit
    /// True when the user passed `--yes` for a destructive edit.
    var confirmed: Bool { get }
}

extension EditWrapper {
    var confirmed: Bool { false }

    func run() throws { try Runner.edit(edit(), yes: confirmed) }
}
