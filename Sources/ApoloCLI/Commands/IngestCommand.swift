import ApoloCommands
import ApoloCore
import ApoloEngine
import ArgumentParser
import CApoloSystem
import Foundation

/// `apolo ingest CARD... --to DIR [--backup DIR]...`: verified copies of cards, named from templates, imported.
struct IngestCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest", abstract: "Copy memory cards to a destination and backups, verified, then import.",
        discussion: prose(
            """
            Each card (or folder; several cards at once) is read once. Every file is written to each destination
            under a hidden temporary name, flushed, read back from the disk (its cached pages dropped first) and
            its SHA-256 compared with what was read from the card; only then does it take its name. A copy that
            reads back different is written again once, then reported and never imported. A name already taken by
            another file is never replaced: the photo gets -2, -3, … A RAW+JPEG pair and its XMP sidecars keep one
            name. Videos and other camera files are skipped (listed). Cards are never written to.
            Photos ingested before (by content: the size and the SHA-256 of their first and last 64 KiB, confirmed by
            the whole file's SHA-256, remembered in apolo's home across cards and sessions) are skipped, and so is a
            duplicate of a photo earlier on the card; --again copies them anyway. A re-run imports the recorded
            copies the project lacks.
            Templates: {year} {month} {day} {hour} {minute} {second} {date} (2026-11-24) {time} (142305) — the
            capture time, else the file's time; {camera} {make} {serial} {lens}; {name} (original name without
            extension) {number} (its digits); {job}; {seq} (in the job, across runs) {dayseq} (in the job, per day)
            {cardseq} (per card); a width pads numbers: {seq:4} → 0007.
            Each destination gets a manifest (apolo-ingest[-JOB].json: source, size, SHA-256, every copy, when
            verified); --verify MANIFEST reads every copy again later. The primary destination's copies are imported
            into the open project (or --project) and measured (focus, exposure, faces, bursts; --no-analyze leaves
            that to apolo analyze or the page, which measures in the background as frames arrive).
            Killed at any moment, no file carries a final name unless it is
            complete and verified; the same command finishes the job. A full or read-only destination stops the
            ingest (exit 4) with what was verified kept; a file that cannot be read is reported (exit 3).
            """))

    @Argument(help: "Cards or folders to copy (a card's mount point, its DCIM folder, any folder or file).")
    var sources: [String] = []
    @Option(help: "The destination: a folder tree the copies go into (created if missing).") var to: String?
    @Option(help: "A backup destination, written and verified in the same pass (repeatable).") var backup: [String] = []
    @Option(help: "The job code: {job} in templates, the manifest's name, sequences counted per job.") var job: String?
    @Option(help: "Folders under each destination (default {year}/{date}, with --job {year}/{date}_{job}).")
    var folders: String?
    @Option(help: "File names without extension (default {name}: the camera's; e.g. \"{job}_{seq:4}\").")
    var name: String?
    @Option(help: "A metadata template (apolo template new) applied to the imported copies; {job} is --job.")
    var template: String?
    @Flag(help: "Copy photos ingested before too.") var again = false
    @Flag(help: "Show where each photo would go; copy nothing (the card is read for capture times).") var dryRun = false
    @Flag(help: "Unmount the cards when every copy is verified (udisksctl).") var eject = false
    @Option(help: "Import into this project (default: the open one).") var project: String?
    @Flag(help: "Do not import the copies.") var noImport = false
    @Flag(help: "Do not measure the imported copies (focus, exposure, faces, bursts; apolo analyze does it later).")
    var noAnalyze = false
    @Option(help: "Read again every copy a manifest lists, and compare.") var verify: String?
    @Flag(name: .shortAndLong, help: "No progress display.") var quiet = false
    @Flag(help: "Print JSON (the report: destinations, photos, files, bytes, known, placed, failed, skipped, …).")
    var json = false

    func validate() throws {
        if verify != nil { return }
        if sources.isEmpty { throw ValidationError("name the cards or folders to copy") }
        if to == nil { throw ValidationError("name where to copy with --to FOLDER") }
    }

    func run() throws {
        apolo_catch_interrupts()
        if let verify { return try verifyManifest(verify) }
        var options = IngestOptions()
        (options.sources, options.destination, options.backups) = (sources, to ?? "", backup)
        (options.job, options.folders, options.name, options.template) = (job, folders, name, template)
        (options.again, options.dryRun, options.eject) = (again, dryRun, eject)
        options.interrupted = { apolo_interrupted() != 0 }
        if !quiet && !json && Context.stderrIsTerminal { options.progress = Progress.bytes }
        if !json {
            options.told = { failed, path, reason in Output.note(failed ? "failed" : "skipped", "\(path): \(reason)") }
        }
        let importing = try !dryRun && !noImport && openProject()
        do {
            var report = try Context.engine.ingest(
                options, importing: importing, hooks: Context.hooks,
                command: Context.typedCommand)
            Progress.clear()
            if !noAnalyze, let imported = report.imported, !imported.imported.isEmpty, imported.interrupted == 0 {
                let show = !quiet && !json && Context.stderrIsTerminal
                report.imported?.analysis = try Context.engine.analyze(
                    people: true, interrupted: { apolo_interrupted() != 0 },
                    progress: show ? Progress.analysing : nil)
                Progress.clear()
            }
            try finish(report)
        } catch let stopped as IngestStopped {
            Progress.clear()
            if json { try Output.json(stopped.report) } else { show(stopped.report) }
            throw stopped
        }
    }

    /// True when a project is open (or --project named one, which is opened).
    private func openProject() throws -> Bool {
        if let project {
            _ = try Context.engine.store.load(project)
            try Context.engine.store.setCurrent(project)
            return true
        }
        if try Context.engine.store.currentName() != nil { return true }
        if !json {
            Output.note(
                "note",
                "no project is open: the copies are not imported (apolo project new NAME, then "
                    + "apolo import the destination)")
        }
        return false
    }

    private func finish(_ report: IngestReport) throws {
        if json { try Output.json(report) } else { show(report) }
        if !report.failed.isEmpty || !(report.imported?.failed.isEmpty ?? true) { throw PartialFailure(summary: "") }
    }

    private func show(_ report: IngestReport) {
        if dryRun {
            for placed in report.placed { Output.line("\(placed.source) -> \(placed.copies.joined(separator: ", "))") }
        }
        for entry in report.skipped { Output.note("skipped", "\(entry.path): \(entry.reason)") }
        for warning in report.warnings { Output.note("warning", warning) }
        Output.line(report.summary)
        for manifest in report.manifests { Output.line("manifest: \(manifest)") }
        if let imported = report.imported {  // each file the import refused or warned of, named with its reason
            for entry in imported.failed { Output.note("failed", "\(entry.path): \(entry.reason)") }
            for entry in imported.warnings { Output.note("warning", "\(entry.path): \(entry.reason)") }
            Output.line("imported into the project: " + imported.summary)
            if let analysis = imported.analysis {
                Output.line("analysed: " + analysis.summary)
                if let faces = analysis.faces ?? analysis.facesFewer { Output.note("note", faces) }
            }
        }
        if let templated = report.templated { Output.line("template '\(template ?? "")': " + templated) }
        for line in report.ejected { Output.line(line) }
    }

    private func verifyManifest(_ path: String) throws {
        let show: @Sendable (Int, Int) -> Void = { done, total in Progress.show("verifying", done, total) }
        let progress: (@Sendable (Int, Int) -> Void)? = !quiet && !json && Context.stderrIsTerminal ? show : nil
        let damaged: @Sendable (String, String) -> Void = { path, reason in
            Output.note("damaged", "\(path): \(reason)")
        }
        let report = try Context.engine.verifyIngest(path, progress: progress, told: json ? nil : damaged)
        Progress.clear()
        if json {
            try Output.json(report)
        } else {
            for missing in report.missing { Output.note("missing", "\(missing.path): \(missing.reason)") }
            Output.line(report.summary)
        }
        if !report.bad.isEmpty || !report.missing.isEmpty { throw PartialFailure(summary: "") }
    }
}
