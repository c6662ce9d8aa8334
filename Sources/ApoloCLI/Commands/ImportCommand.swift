import ApoloCommands
import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import ArgumentParser
import CApoloSystem
import Foundation

/// `apolo import PATH...`: read files in parallel (outside the lock), then add them in one locked save.
struct ImportCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: AddPhotos.spec.summary,
        discussion: prose(
            """
            Folders are scanned recursively; hidden files and *.xmp sidecars in folders are skipped.
            Images are recognised by content: JPEG, PNG, TIFF, WebP, HEIC, AVIF, and raws (LibRaw). A RAW+JPEG
            pair (same folder, same base name) is one photo whose master is the raw (--no-pairs: two). A photo whose
            content is already in the project counts as a duplicate. Files that cannot be imported are reported
            one per line (failed: PATH: REASON) and the import goes on; then exit code 3. A file in a folder that is no
            photo at all (a README, a video) is skipped (skipped: PATH: REASON) and does not change the exit code.
            A named path that does not exist is an error: nothing is imported (exit 1). Originals are only read.
            Files seen before (same path, size, mtime, inode) come from the cache without being read again.
            A 256 px thumbnail is made for each new photo (libvips; a raw's from its embedded preview). The XMP in a
            file, then an XMP sidecar (NAME.EXT.xmp or NAME.xmp; it wins), give rating (-1 = rejected: discarded),
            tags (dc:subject, lr:hierarchicalSubject) and label. A missing photo found again is relinked.
            Ctrl-C stops after the files being read: what finished is saved (exit 130).
            """))

    @Argument(help: "Photo files and folders.") var paths: [String] = []
    @Flag(help: "Do not make thumbnails (metadata only).") var noThumbnails = false
    @Flag(help: "Do not read XMP sidecars.") var noSidecars = false
    @Flag(help: "Import a RAW+JPEG pair (same folder, same base name) as two photos, not one.") var noPairs = false
    @Flag(help: "Do not measure sharpness, clipping and bursts after importing (apolo analyze does it later).")
    var noAnalyze = false
    @Flag(name: .shortAndLong, help: "No progress display.") var quiet = false
    @Flag(
        help:
            """
            Print JSON: {imported, duplicates, failed: [{path, reason}], skipped: [{path, reason}], warnings: [{path, \
            reason}], interrupted}.
            """
    ) var json = false

    /// Imports, says what the change did, and keeps only the report: the project the change made is kept to the
    /// end (freed by the exit) only when no analysis follows, which reads the project again (at 200,000 photos the
    /// import's project held through the analysis was about 250 MB).
    private func importing(_ options: ImportOptions, keep: Bool) throws -> ImportReport {
        let (report, outcome) = try Context.engine.importFiles(
            paths, options: options, hooks: Context.hooks,
            command: Context.typedCommand)
        Progress.clear()
        for message in outcome.messages { Output.line(message) }
        if keep { Runner.keep(outcome.project) }
        return report
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one photo file or folder to import") }
    }

    func run() throws {
        var options = ImportOptions()
        (options.thumbnails, options.sidecars, options.pairs) = (!noThumbnails, !noSidecars, !noPairs)
        apolo_catch_interrupts()
        options.interrupted = { apolo_interrupted() != 0 }
        options.warn = { Output.warning($0) }
        let named = Set(paths)
        if !quiet && !json && Context.stderrIsTerminal { options.progress = Progress.show }
        if !json {
            options.finished = { path, outcome in Progress.report(path, outcome, named: named.contains(path)) }
            options.scanned = { failed, path, reason in
                Output.note(
                    failed ? "failed" : "skipped",
                    "\(path): \(reason)")
            }
        }
        let report = try importing(options, keep: noAnalyze)
        var full = report
        if !noAnalyze && !report.imported.isEmpty && report.interrupted == 0 {
            let show = !quiet && !json && Context.stderrIsTerminal
            full.analysis = try Context.engine.analyze(
                people: true, interrupted: { apolo_interrupted() != 0 },
                progress: show ? Progress.analysing : nil)
            Progress.clear()
        }
        try finish(full)
    }

    private func finish(_ report: ImportReport) throws {
        if json { try Output.json(report) }
        if !json, let faces = report.analysis?.faces ?? report.analysis?.facesFewer { Output.note("note", faces) }
        let summary = report.summary + (report.analysis.map { "\nanalysed: " + $0.summary } ?? "")
        if report.interrupted > 0 {
            if !json { Output.line(summary) }
            Output.note(
                "interrupted",
                """
                \(report.interrupted) file\(report.interrupted == 1 ? " was" : "s were") not read; what finished is \
                saved. Run the same import again to finish
                """
            )
            throw PartialFailure(summary: "", status: .interrupted)
        }
        if !report.failed.isEmpty {
            throw PartialFailure(summary: json ? "" : summary)
        }
        if !json { Output.line(summary) }
    }
}
