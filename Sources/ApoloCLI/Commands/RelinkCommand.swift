import ApoloCommands
import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import ArgumentParser
import Foundation

/// `apolo relink`: find moved originals in folders and point their photos at them.
struct RelinkCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relink", abstract: Relink.spec.summary,
        discussion: prose(
            """
            Photos are identified by their content, so a moved or renamed original is found again wherever it is now:
            relink scans the folders (recursively) for files of a missing photo's size, hashing only those the cache
            does not already know, and points each missing photo at its new path (one undo step). Photos still
            missing afterwards are listed (exit 3). Importing a folder that holds a missing photo relinks it too.
            """))

    @Argument(help: "Folders (or files) to look in.") var folders: [String]
    @Flag(help: "Print JSON: {relinked: [{file, path}], missing: [{file, path}], scanned, hashed}.") var json = false

    func validate() throws {
        if folders.isEmpty { throw ValidationError("name at least one folder to look in") }
    }

    func run() throws {
        let (report, outcome) = try Context.engine.relink(folders, command: Context.typedCommand) { Output.warning($0) }
        if let outcome, !json { Runner.report(outcome) }
        if json { try Output.json(report) }
        if !report.looked { return Output.line("no original is missing; nothing to relink") }
        if !json {
            for moved in report.missing { Output.note("missing", "\(moved.file.escaped) (was \(moved.path.escaped))") }
        }
        guard report.missing.isEmpty else { throw PartialFailure(summary: json ? "" : report.summary) }
        if !json { Output.line(report.summary) }
    }
}
