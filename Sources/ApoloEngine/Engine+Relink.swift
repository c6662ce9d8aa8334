import ApoloCore
import ApoloMedia
import ApoloStore
#if canImport(Glibc)
    import Glibc
#endif

/// What a relink did, for every front end (`--json` prints it as it is).
public struct RelinkReport: Encodable, Sendable {
    public struct Moved: Encodable, Sendable {
        public let file: String
        public let path: String
    }

    public var relinked: [Moved] = []
    public var missing: [Moved] = []
    public var scanned = 0
    public var hashed = 0
    /// False when no original was missing: nothing was looked for.
    public var looked = true

    private enum CodingKeys: String, CodingKey { case relinked, missing, scanned, hashed }

    /// `relinked 10, still missing 1 (looked at 2000 files, hashed 12)`.
    public var summary: String {
        "relinked \(relinked.count), still missing \(missing.count) (looked at \(scanned) files, hashed \(hashed))"
    }
}

extension Engine {
    /// Finds the open project's missing originals (and pairs' JPEGs) under `folders` by content and points their
    /// photos at them in one undoable step. `warn` is told of folders or files that could not be read.
    public func relink(
        _ folders: [String], command: String,
        warn: (String) -> Void
    ) throws -> (RelinkReport, Outcome?) {
        for folder in folders where access(FileNames.bytes(of: folder), F_OK) != 0 {
            let why = String(cString: strerror(errno)).lowercased()
            throw CoreError(.notFound, "\(folder): \(why); nothing was relinked")
        }
        let project = try store.load(try store.requireCurrent())
        var report = RelinkReport()
        let missing = Relinker.missing(in: project), pairs = Relinker.missingPairs(in: project)
        let wanted = missing.merging(pairs.mapValues(\.bytes)) { a, _ in a }
        report.looked = !wanted.isEmpty
        let cache = try? MetadataCache(folder: store.home.cacheFolder)
        var found = wanted.isEmpty ? Relinker.Found() : Relinker.find(wanted, in: folders, cache: cache)
        for failure in found.failures { warn("\(failure.path.escaped): \(failure.reason)") }
        var pairPaths: [PhotoID: String] = [:]
        for (jpeg, owner) in pairs {
            if let path = found.paths.removeValue(forKey: jpeg) { pairPaths[owner.photo] = path }
        }
        found.paths = found.paths.filter { missing[$0.key] != nil }
        var outcome: Outcome?
        if !found.paths.isEmpty || !pairPaths.isEmpty {
            outcome = try apply([Change(Relink(found.paths, pairs: pairPaths))], command: command)
        }
        for (id, path) in pairPaths.sorted(by: { $0.value < $1.value }) {
            if let pair = project.photos[id]?.pair { report.relinked.append(.init(file: pair.file, path: path)) }
        }
        for (id, path) in found.paths.sorted(by: { $0.value < $1.value }) {
            report.relinked.append(.init(file: project.photos[id]?.file ?? "", path: path))
        }
        for id in missing.keys.sorted() where found.paths[id] == nil {
            if let photo = project.photos[id] { report.missing.append(.init(file: photo.file, path: photo.path)) }
        }
        for (_, owner) in pairs.sorted(by: { $0.key < $1.key }) where pairPaths[owner.photo] == nil {
            if let pair = project.photos[owner.photo]?.pair {
                report.missing.append(.init(file: pair.file, path: pair.path))
            }
        }
        (report.scanned, report.hashed) = (found.scanned, found.hashed)
        return (report, outcome)
    }
}
