import ApoloCore
import ApoloStore
import ArgumentParser

/// `apolo undo [N]`: reverse the last N recorded changes.
struct UndoCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: CommandSpec.undo.summary,
        discussion:
            "Undo changes the project document only: files written by export stay, and originals are never touched.")
    @Argument(help: "How many steps (default 1).") var steps: Int = 1

    func run() throws { try HistoryWalk.move(steps, back: true) }
}

/// `apolo redo [N]`: re-apply the last N undone changes.
struct RedoCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "redo", abstract: CommandSpec.redo.summary)
    @Argument(help: "How many steps (default 1).") var steps: Int = 1

    func run() throws { try HistoryWalk.move(steps, back: false) }
}

/// `apolo history`: the recorded changes, oldest first; `*` marks the current state.
struct HistoryCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: CommandSpec.history.summary)
    @Flag(help: "Print JSON: [{step, command, date, summary, by?, undone}].") var json = false

    struct Row: Encodable {
        let step: Int
        let command, date, summary: String
        /// Who made it, when not the owner (a person invited to the light table).
        let by: String?
        let undone: Bool
    }

    func run() throws {
        let (steps, position) = try Context.engine.history()
        let rows = steps.enumerated().map { i, entry in
            Row(
                step: i + 1, command: entry?.command ?? "(damaged step)", date: entry?.date ?? "",
                summary: entry?.summary ?? "", by: entry?.by, undone: i >= position)
        }
        if json { return try Output.json(rows) }
        if rows.isEmpty { return Output.line("no changes recorded yet") }
        let people = rows.contains { $0.by != nil }
        Output.table(
            ["", "#", "WHEN (UTC)"] + (people ? ["BY"] : []) + ["COMMAND", "EFFECT"],
            rows.map {
                [$0.step == position ? "*" : $0.undone ? "-" : "", String($0.step), Output.displayTime($0.date)]
                    + (people ? [$0.by ?? "owner"] : []) + [$0.command, $0.summary]
            }, right: [1])
        if position < rows.count { Output.line("(steps marked - are undone; apolo redo brings them back)") }
    }
}

/// Walking the history through the transaction layer.
enum HistoryWalk {
    static func move(_ steps: Int, back: Bool) throws {
        guard steps >= 1 else { throw CLIError.usage("the number of steps must be at least 1") }
        Runner.report(try Context.engine.walk(steps, back: back))
        if back {
            Output.line("(undo changes the project only: exported files and photo files on disk are not touched)")
        }
    }
}
