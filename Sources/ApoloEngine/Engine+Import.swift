import ApoloCore
import ApoloMedia
import ApoloStore
import Foundation

/// What an import did, for every front end (`--json` prints it as it is).
public struct ImportReport: Encodable, Sendable {
    public struct Problem: Encodable, Sendable {
        public let path: String
        public let reason: String
    }

    public var imported: [String] = []
    public var duplicates: [String] = []
    /// Duplicates whose recorded original was gone: the photo now points at the imported file.
    public var relinked: [String] = []
    /// RAW+JPEG pairs imported as one photo each.
    public var paired = 0
    public var failed: [Problem] = []
    public var warnings: [Problem] = []
    public var skipped: [Problem] = []
    /// Files not read because Ctrl-C stopped the import.
    public var interrupted = 0
    /// What measuring the new photos found (nil with `--no-analyze`).
    public var analysis: AnalyzeReport?

    /// `imported 118, duplicates 3, failed 2, …`.
    public var summary: String {
        var summary = "imported \(imported.count), duplicates \(duplicates.count), failed \(failed.count)"
        if paired > 0 { summary += ", \(paired) RAW+JPEG pair\(paired == 1 ? "" : "s") as one photo each" }
        if !relinked.isEmpty { summary += ", relinked \(relinked.count) (their originals had moved here)" }
        if !skipped.isEmpty { summary += ", skipped \(skipped.count) (not photos)" }
        if !warnings.isEmpty { summary += ", warnings \(warnings.count)" }
        return summary
    }
}

/// How an import runs, and what it tells its front end while it does.
public struct ImportOptions: Sendable {
    public var thumbnails = true
    public var sidecars = true
    public var pairs = true
    /// Asked before each file; true stops the import (Ctrl-C).
    public var interrupted: @Sendable () -> Bool = { false }
    /// Called after each file with (done, total).
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Called as soon as a file is read (from a worker), so problems show while the import runs.
    public var finished: (@Sendable (String, ImportOutcome) -> Void)?
    /// Told at once of a file a scan could not read, or skipped (`failed`/`skipped`, path, reason).
    public var scanned: (@Sendable (_ failed: Bool, _ path: String, _ reason: String) -> Void)?
    /// Told of warnings of the cache.
    public var warn: @Sendable (String) -> Void = { _ in }

    public init() {}
}

extension Engine {
    /// Imports `paths` (files, folders scanned recursively) into the open project: files are read in parallel
    /// outside the lock, then added in one transaction (`command` names its history step); then the post-import
    /// hook. A named path that does not exist is an error before anything is read.
    public func importFiles(
        _ paths: [String], options: ImportOptions, hooks: Hooks,
        command: String
    ) throws -> (ImportReport, Outcome) {
        let name = try store.requireCurrent()
        _ = try store.load(name)  // an unusable document fails now, not after minutes of reading files
        for path in paths where access(FileNames.bytes(of: path), F_OK) != 0 {
            let reason = String(cString: strerror(errno)).lowercased()
            throw CoreError(.notFound, "\(path): \(reason); nothing was imported")
        }
        var report = ImportReport()
        let scan = FileScanner.scan(paths)
        for failure in scan.failures {
            report.failed.append(.init(path: failure.path, reason: failure.reason))
            options.scanned?(true, failure.path, failure.reason)
        }
        for entry in scan.skipped {
            report.skipped.append(.init(path: entry.path, reason: entry.reason))
            options.scanned?(false, entry.path, entry.reason)
        }
        let named = Set(paths)
        var read: [(String, Photo)] = []
        read.reserveCapacity(scan.files.count)  // grown by doubling it would hold up to twice the room
        try pipeline(options).run(scan.files) { path, outcome in
            switch outcome {
            case .photo(let photo, let warnings, _):
                // one file whose facts the document could not hold fails alone, never the whole import
                if let problem = ProjectCheck.problems(of: photo, key: photo.id).first {
                    report.failed.append(.init(path: path, reason: "its metadata cannot be kept: \(problem)"))
                    return
                }
                read.append((path, photo))
                report.warnings += warnings.map { .init(path: path, reason: $0) }
            case .failed(let reason): report.failed.append(.init(path: path, reason: reason))
            case .notPhoto(let reason):
                if named.contains(path) {
                    report.failed.append(.init(path: path, reason: reason))
                } else {
                    report.skipped.append(.init(path: path, reason: reason))
                }
            case .skipped: report.interrupted += 1
            }
        }
        if options.pairs { report.paired = Pairing.merge(&read, photo: \.1) }
        let outcome = try save(&read, into: name, command: command, &report)
        try hooks.run("post-import", project: name, report)
        return (report, outcome)
    }

    private func pipeline(_ options: ImportOptions) throws -> ImportPipeline {
        var pipeline = ImportPipeline()
        let cache = try MetadataCache(folder: store.home.cacheFolder)
        cache.warnings.forEach(options.warn)
        pipeline.cache = cache
        pipeline.thumbnails = options.thumbnails ? ThumbnailStore(cache: store.home.cacheFolder) : nil
        pipeline.sidecars = options.sidecars
        pipeline.interrupted = options.interrupted
        if let progress = options.progress { pipeline.progress = progress }
        if let finished = options.finished { pipeline.finished = finished }
        return pipeline
    }
}
