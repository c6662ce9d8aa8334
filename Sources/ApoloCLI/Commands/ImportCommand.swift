import ApoloCore
import ApoloMedia
import ApoloStore
import ArgumentParser
import CApoloSystem
import Foundation

/// `apolo import PATH...`: read files in parallel (outside the lock), then add them in one locked save.
struct ImportCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: AddPhotos.spec.summary,
        discussion: """
            Folders are scanned recursively; hidden files and *.xmp sidecars in folders are skipped.
            Images are recognised by content: JPEG, PNG, TIFF, WebP, HEIC, AVIF, and raws (LibRaw). A RAW+JPEG
            pair (same folder, same base name) is one photo whose master is the raw (--no-pairs: two). A photo whose content is
            already in the project counts as a duplicate. Files that cannot be imported are reported one per
            line (failed: PATH: REASON) and the import goes on; then exit code 3. A file in a folder that is no
            photo at all (a README, a video) is skipped (skipped: PATH: REASON) and does not change the exit code.
            A named path that does not exist is an error: nothing is imported (exit 1). Originals are only read.
            Files seen before (same path, size, mtime, inode) come from the cache without being read again.
            A 256 px thumbnail is made for each new photo (libvips; a raw's from its embedded preview). The XMP in a
            file, then an XMP sidecar (NAME.EXT.xmp or NAME.xmp; it wins), give rating (-1 = rejected: discarded),
            tags (dc:subject, lr:hierarchicalSubject) and label. A missing photo found again is relinked.
            Ctrl-C stops after the files being read: what finished is saved (exit 130).
            """)

    @Argument(help: "Photo files and folders.") var paths: [String] = []
    @Flag(help: "Do not make thumbnails (metadata only).") var noThumbnails = false
    @Flag(help: "Do not read XMP sidecars.") var noSidecars = false
    @Flag(help: "Import a RAW+JPEG pair (same folder, same base name) as two photos, not one.") var noPairs = false
    @Flag(name: .shortAndLong, help: "No progress display.") var quiet = false
    @Flag(help: "Print JSON: {imported, duplicates, failed: [{path, reason}], skipped: [{path, reason}], warnings: [{path, reason}], interrupted}.") var json = false

    struct Problem: Encodable {
        let path: String
        let reason: String
    }

    struct Report: Encodable {
        var imported: [String] = []
        var duplicates: [String] = []
        /// Duplicates whose recorded original was gone: the photo now points at the imported file.
        var relinked: [String] = []
        /// RAW+JPEG pairs imported as one photo each.
        var paired = 0
        var failed: [Problem] = []
        var warnings: [Problem] = []
        var skipped: [Problem] = []
        var interrupted = 0
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one photo file or folder to import") }
    }

    func run() throws {
        let store = Context.store
        let name = try store.requireCurrent()
        _ = try store.load(name)  // an unusable document fails now, not after minutes of reading files
        for path in paths where access(FileNames.bytes(of: path), F_OK) != 0 {
            throw CoreError(.notFound, "\(path): \(String(cString: strerror(errno)).lowercased()); nothing was imported")
        }
        var report = Report()
        let scan = FileScanner.scan(paths)
        for failure in scan.failures { fail(Problem(path: failure.path, reason: failure.reason), &report) }
        for entry in scan.skipped {
            report.skipped.append(Problem(path: entry.path, reason: entry.reason))
            if !json { Output.note("skipped", "\(entry.path): \(entry.reason)") }
        }
        let named = Set(paths)
        let outcomes = try pipeline(store, named: named).run(scan.files)
        Progress.clear()
        var read: [(String, Photo)] = []
        for (path, outcome) in zip(scan.files, outcomes) {
            switch outcome {
            case .photo(let photo, let warnings, _):
                read.append((path, photo))
                report.warnings += warnings.map { Problem(path: path, reason: $0) }
            case .failed(let reason): report.failed.append(Problem(path: path, reason: reason))
            case .notPhoto(let reason):
                if named.contains(path) { report.failed.append(Problem(path: path, reason: reason)) } else { report.skipped.append(Problem(path: path, reason: reason)) }
            case .skipped: report.interrupted += 1
            }
        }
        if !noPairs {
            let (photos, pairs) = Pairing.pair(read.map(\.1))
            let paths = Dictionary(read.map { ($0.1.path, $0.0) }, uniquingKeysWith: { a, _ in a })
            read = photos.map { (paths[$0.path] ?? $0.path, $0) }
            report.paired = pairs
        }
        try save(read, into: name, store: store, &report)
        try Context.hooks.run("post-import", project: name, report)
        try finish(report)
    }

    private func pipeline(_ store: ProjectStore, named: Set<String>) throws -> ImportPipeline {
        var pipeline = ImportPipeline()
        let cache = try MetadataCache(folder: store.home.cacheFolder)
        for warning in cache.warnings { Output.warning(warning) }
        pipeline.cache = cache
        pipeline.thumbnails = noThumbnails ? nil : ThumbnailStore(cache: store.home.cacheFolder)
        pipeline.sidecars = !noSidecars
        apolo_catch_interrupts()
        pipeline.interrupted = { apolo_interrupted() != 0 }
        if !quiet && !json && Context.stderrIsTerminal { pipeline.progress = Progress.show }
        if !json { pipeline.finished = { path, outcome in Progress.report(path, outcome, named: named.contains(path)) } }
        return pipeline
    }

    /// Records a file that could not be imported and reports it at once (one line on stderr).
    private func fail(_ problem: Problem, _ report: inout Report) {
        report.failed.append(problem)
        if !json { Output.note("failed", "\(problem.path): \(problem.reason)") }
    }

    private func finish(_ report: Report) throws {
        if json { try Output.json(report) }
        var summary = "imported \(report.imported.count), duplicates \(report.duplicates.count), failed \(report.failed.count)"
        if report.paired > 0 { summary += ", \(report.paired) RAW+JPEG pair\(report.paired == 1 ? "" : "s") as one photo each" }
        if !report.relinked.isEmpty { summary += ", relinked \(report.relinked.count) (their originals had moved here)" }
        if !report.skipped.isEmpty { summary += ", skipped \(report.skipped.count) (not photos)" }  // named on stderr
        if !report.warnings.isEmpty { summary += ", warnings \(report.warnings.count)" }
        if report.interrupted > 0 {
            if !json { Output.line(summary) }
            Output.note("interrupted", "\(report.interrupted) file\(report.interrupted == 1 ? " was" : "s were") not read; what finished is saved. Run the same import again to finish")
            throw PartialFailure(summary: "", status: .interrupted)
        }
        if !report.failed.isEmpty {
            throw PartialFailure(summary: json ? "" : summary)
        }
        if !json { Output.line(summary) }
    }
}
