import ApoloCommands
import ApoloCore
import ApoloMedia
import ApoloStore
import ArgumentParser
import Foundation

/// `apolo project check NAME [--repair]`: every problem of a document; safe repairs after a backup.
struct ProjectCheckCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: CommandSpec.projectCheck.summary,
        discussion: prose(
            """
            Lists every rule the document breaks. --repair first copies it to NAME.json.bak-TIME, then fixes what
            is safe: drops slides of unknown photos and second slides of one photo on a shelf, renames invalid or
            duplicate shelf/album names, clamps ratings to 0–5, restores discarded photos found on shelves, and
            sets ids to their keys. A document that is not valid JSON, or of a newer version, cannot be repaired.
            Exit 0 when the document is sound (or was repaired), 4 when problems remain.
            """))
    @Argument(help: "The project (default: the open one).", completion: Completions.projects) var name: String?
    @Flag(help: "Fix what can be fixed safely, after writing a backup.") var repair = false

    /// Warns of originals that are gone (the document is still sound; relink finds moved ones); throws when an
    /// original is there but is not the photo imported (export refuses it).
    static func originals(_ project: Project, path: String) throws {
        let missing = Relinker.missing(in: project)
        for id in missing.keys.sorted() {
            if let photo = project.photos[id] {
                Output.warning("original missing: \(photo.file.escaped) (was \(photo.path.escaped))")
            }
        }
        if !missing.isEmpty {
            Output.warning(
                """
                \(missing.count) of \(project.photos.count) originals are missing; apolo relink FOLDER finds moved \
                ones
                """
            )
        }
        let changed = Relinker.changed(in: project, cache: try? MetadataCache(folder: Context.store.home.cacheFolder))
        for id in changed {
            if let photo = project.photos[id] {
                Output.line(
                    "problem: the original of \(photo.file.escaped) is not the photo imported: "
                        + photo.path.escaped)
            }
        }
        guard changed.isEmpty else {
            throw StoreError.unreadable(
                path: path,
                problem: "\(changed.count) original(s) changed after import or are other files; "
                    + "export refuses them: put the imported files back, or import the files again")
        }
    }

    func run() throws {
        let name = try self.name ?? Context.store.requireCurrent()
        let checked = try Context.engine.check(name, repair: repair)
        if checked.problems.isEmpty {
            try Self.originals(checked.project, path: checked.path)
            return Output.line("\(checked.path): no problems")
        }
        for problem in checked.problems { Output.line("problem: \(problem)") }
        guard let backup = checked.backup else {
            throw StoreError.unreadable(
                path: checked.path,
                problem: "\(checked.problems.count) problem\(checked.problems.count == 1 ? "" : "s") found; "
                    + "apolo project check \(name) --repair fixes what is safe")
        }
        for action in checked.repairs { Output.line("repaired: \(action)") }
        Output.line("saved the repaired document (a step in apolo history); the original is at \(backup)")
    }
}
