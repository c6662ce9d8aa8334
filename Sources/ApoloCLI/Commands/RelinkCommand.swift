import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import ArgumentParser

/// `apolo relink`: find moved originals in folders and point their photos at them.
struct RelinkCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relink", abstract: Relink.spec.summary,
        discussion: """
            Photos are identified by their content, so a moved or renamed original is found again wherever it is now:
            relink scans the folders (recursively) for files of a missing photo's size, hashing only those the cache
            does not already know, and points each missing photo at its new path (one undo step). Photos still
            missing afterwards are listed (exit 3). Importing a folder that holds a missing photo relinks it too.
            """)

    @Argument(help: "Folders (or files) to look in.") var folders: [String]
    @Flag(help: "Print JSON: {relinked: [{file, path}], missing: [{file, path}], scanned, hashed}.") var json = false

    struct Moved: Encodable {
        let file: String
        let path: String
    }

    struct Report: Encodable {
        var relinked: [Moved] = []
        var missing: [Moved] = []
        var scanned = 0
        var hashed = 0
    }

    func validate() throws {
        if folders.isEmpty { throw ValidationError("name at least one folder to look in") }
    }

    func run() throws {
        let project = try Runner.read { $0 }
        let missing = Relinker.missing(in: project)
        let cache = try? MetadataCache(folder: Context.store.home.cacheFolder)
        let found = missing.isEmpty ? Relinker.Found() : Relinker.find(missing, in: folders, cache: cache)
        for failure in found.failures { Output.warning("\(failure.path.escaped): \(failure.reason)") }
        if !found.paths.isEmpty {
            let outcome = try Context.engine.apply([Change(Relink(found.paths))], command: Context.typedCommand)
            if !json { Runner.report(outcome) }
        }
        var report = Report(scanned: found.scanned, hashed: found.hashed)
        for (id, path) in found.paths.sorted(by: { $0.value < $1.value }) {
            report.relinked.append(Moved(file: project.photos[id]?.file ?? "", path: path))
        }
        for id in missing.keys.sorted() where found.paths[id] == nil {
            if let photo = project.photos[id] { report.missing.append(Moved(file: photo.file, path: photo.path)) }
        }
        if json { try Output.json(report) }
        if missing.isEmpty { return Output.line("no original is missing; nothing to relink") }
        if !json {
            for moved in report.missing { Output.note("missing", "\(moved.file.escaped) (was \(moved.path.escaped))") }
        }
        let summary = "relinked \(report.relinked.count), still missing \(report.missing.count) (looked at \(found.scanned) files, hashed \(found.hashed))"
        guard report.missing.isEmpty else { throw PartialFailure(summary: json ? "" : summary) }
        if !json { Output.line(summary) }
    }
}
