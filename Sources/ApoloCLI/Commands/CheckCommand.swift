import ApoloCore
import ApoloMedia
import ApoloStore
import ArgumentParser
import Foundation

/// `apolo project check NAME [--repair]`: every problem of a document; safe repairs after a backup.
struct ProjectCheckCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: CommandSpec.projectCheck.summary,
        discussion: """
            Lists every rule the document breaks. --repair first copies it to NAME.json.bak-TIME, then fixes what
            is safe: drops slides of unknown photos and second slides of one photo on a shelf, renames invalid or
            duplicate shelf/album names, clamps ratings to 0–5, restores discarded photos found on shelves, and
            sets ids to their keys. A document that is not valid JSON, or of a newer version, cannot be repaired.
            Exit 0 when the document is sound (or was repaired), 4 when problems remain.
            """)
    @Argument(help: "The project (default: the open one).", completion: Completions.projects) var name: String?
    @Flag(help: "Fix what can be fixed safely, after writing a backup.") var repair = false

    /// Warns of originals that are gone (the document is still sound; relink finds moved ones); throws when an
    /// original is there but is not the photo imported (export refuses it).
    static func originals(_ project: Project, path: String) throws {
        let missing = Relinker.missing(in: project)
        for id in missing.keys.sorted() {
            if let photo = project.photos[id] { Output.warning("original missing: \(photo.file.escaped) (was \(photo.path.escaped))") }
        }
        if !missing.isEmpty {
            Output.warning("\(missing.count) of \(project.photos.count) originals are missing; apolo relink FOLDER finds moved ones")
        }
        let changed = Relinker.changed(in: project, cache: try? MetadataCache(folder: Context.store.home.cacheFolder))
        for id in changed {
            if let photo = project.photos[id] { Output.line("problem: the original of \(photo.file.escaped) is not the photo imported: \(photo.path.escaped)") }
        }
        guard changed.isEmpty else {
            throw StoreError.unreadable(path: path, problem: "\(changed.count) original(s) changed after import or are other files; "
                + "export refuses them: put the imported files back, or import the files again")
        }
    }

    func run() throws {
        let store = Context.store
        let name = try self.name ?? store.requireCurrent()
        _ = try Names.project(name)
        let path = store.home.document(name)
        try store.withLock(name) {
            guard let bytes = try AtomicFile.read(path) else { throw StoreError.noProject(name, available: store.names()) }
            let project: Project
            do { project = try DocumentCodec.decodeUnchecked(bytes) } catch let error as DocumentProblem {
                throw StoreError.unreadable(path: path, problem: "\(error.text); it cannot be repaired automatically (restore a backup or fix it by hand)")
            }
            let problems = try ProjectCheck.problems(in: project)
            if problems.isEmpty {
                try Self.originals(project, path: path)
                return Output.line("\(path): no problems")
            }
            for problem in problems { Output.line("problem: \(problem)") }
            guard repair else {
                throw StoreError.unreadable(path: path, problem: "\(problems.count) problem\(problems.count == 1 ? "" : "s") found; apolo project check \(name) --repair fixes what is safe")
            }
            let backup = path + ".bak-\(Int(Date().timeIntervalSince1970))"
            try AtomicFile.write(bytes, to: backup)
            var (fixed, actions) = ProjectRepair.repair(project)
            fixed.name = name
            for action in actions { Output.line("repaired: \(action)") }
            let left = try ProjectCheck.problems(in: fixed)
            guard left.isEmpty else {
                throw StoreError.unreadable(path: path, problem: "could not repair: \(left.joined(separator: "; ")); the document was left as it was")
            }
            try store.save(fixed)
            Output.line("saved the repaired document; the original is at \(backup)")
        }
    }
}
