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
        for folder in folders where access(FileNames.bytes(of: folder), F_OK) != 0 {
            throw CoreError(.notFound, "\(folder): \(String(cString: strerror(errno)).lowercased()); nothing was relinked")
        }
        let project = try Runner.read { $0 }
        var report = Report()
        let missing = Relinker.missing(in: project), pairs = Relinker.missingPairs(in: project)
        let cache = try? MetadataCache(folder: Context.store.home.cacheFolder)
        let wanted = missing.merging(pairs.mapValues(\.bytes)) { a, _ in a }
        var found = wanted.isEmpty ? Relinker.Found() : Relinker.find(wanted, in: folders, cache: cache)
        for failure in found.failures { Output.warning("\(failure.path.escaped): \(failure.reason)") }
        var pairPaths: [PhotoID: String] = [:]
        for (jpeg, owner) in pairs { if let path = found.paths.removeValue(forKey: jpeg) { pairPaths[owner.photo] = path } }
        found.paths = found.paths.filter { missing[$0.key] != nil }
        if !found.paths.isEmpty || !pairPaths.isEmpty {
            let outcome = try Context.engine.apply([Change(Relink(found.paths, pairs: pairPaths))], command: Context.typedCommand)
            if !json { Runner.report(outcome) }
        }
        for (id, path) in pairPaths.sorted(by: { $0.value < $1.value }) {
            if let pair = project.photos[id]?.pair { report.relinked.append(Moved(file: pair.file, path: path)) }
        }
        for (id, path) in found.paths.sorted(by: { $0.value < $1.value }) {
            report.relinked.append(Moved(file: project.photos[id]?.file ?? "", path: path))
        }
        for id in missing.keys.sorted() where found.paths[id] == nil {
            if let photo = project.photos[id] { report.missing.append(Moved(file: photo.file, path: photo.path)) }
        }
        for (_, owner) in pairs.sorted(by: { $0.key < $1.key }) where pairPaths[owner.photo] == nil {
            if let pair = project.photos[owner.photo]?.pair { report.missing.append(Moved(file: pair.file, path: pair.path)) }
        }
        (report.scanned, report.hashed) = (found.scanned, found.hashed)
        if json { try Output.json(report) }
        if wanted.isEmpty { return Output.line("no original is missing; nothing to relink") }
        if !json {
            for moved in report.missing { Output.note("missing", "\(moved.file.escaped) (was \(moved.path.escaped))") }
        }
        let summary = "relinked \(report.relinked.count), still missing \(report.missing.count) (looked at \(found.scanned) files, hashed \(found.hashed))"
        guard report.missing.isEmpty else { throw PartialFailure(summary: json ? "" : summary) }
        if !json { Output.line(summary) }
    }
}
