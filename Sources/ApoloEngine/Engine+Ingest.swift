import ApoloCore
import ApoloMedia
import ApoloStore
import ApoloSystem
import Foundation

/// Why an ingest stopped before its end, after writing its manifests: a destination failed (full, read-only,
/// gone) or Ctrl-C. What was copied and verified before is kept and recorded; the same command finishes the job.
public struct IngestStopped: ApoloFailure {
    public let report: IngestReport
    public let message: String
    public let failure: FailureKind
}

extension Engine {
    /// Copies the photos of cards (or folders) to the destination and every backup, each copy read back from the
    /// disk and compared with what was read from the card before it takes its name; records them (so a card
    /// ingested once is skipped next time), writes a manifest in each destination, then imports the primary
    /// copies into the open project when `importing`. Never writes to a source.
    public func ingest(
        _ options: IngestOptions, importing: Bool, hooks: Hooks,
        command: String
    ) throws -> IngestReport {
        let started = Date()
        let (folders, names) = try Self.templates(options)
        let template = try options.template.map { try MetaTemplate.load($0, home: store.home) }
        if template != nil && !importing && !options.dryRun {
            throw CoreError(
                .invalid,
                "--template sets the fields of the imported photos: open a project (or give "
                    + "--project) and leave out --no-import")
        }
        let (sources, roots) = try Self.destinations(options)
        let warnings = try Self.twins(options, roots: roots)
        let registry = try IngestRegistry(home: store.home)
        let run = IngestRun(options, roots: roots, folders: folders, names: names, registry: registry)
        run.report.warnings = warnings + Self.damage(registry)
        let scan = CardScanner.scan(sources)
        for (path, reason) in scan.failed {
            run.report.failed.append(.init(path: path, reason: reason))
            options.told?(true, path, reason)
        }
        run.report.skipped = scan.skipped.map { .init(path: $0.path, reason: $0.reason) }
        let stop = try copy(scan.shots, run: run)
        if !options.dryRun { run.report.manifests = try IngestManifest.write(run, registry: registry) }
        run.report.seconds = Date().timeIntervalSince(started)
        if importing && !options.dryRun {
            importCopies(run, hooks: hooks, command: command)
            if let template { try stamp(run, with: template, command: command) }
        }
        if options.eject && !options.dryRun && stop == nil && run.report.failed.isEmpty {
            run.report.ejected = Eject.cards(sources, keeping: roots)
        }
        if !options.dryRun {
            try hooks.run("post-ingest", project: (try? store.currentName()).flatMap { $0 } ?? "", run.report)
        }
        if let (message, kind) = stop { throw IngestStopped(report: run.report, message: message, failure: kind) }
        return run.report
    }

    /// Copies the shots in the card's order; why the ingest stopped before their end (Ctrl-C, a destination).
    private func copy(_ shots: [CardScanner.Shot], run: IngestRun) throws -> (String, FailureKind)? {
        let total = shots.reduce(0) { $0 + $1.bytes }
        var done = 0
        for shot in shots {
            if run.options.interrupted() {
                run.report.interrupted = true
                return (
                    "interrupted: the photos copied and verified so far are kept; run the same command again to "
                        + "finish", .interrupted
                )
            }
            defer {
                done += shot.bytes
                run.options.progress?(done, total)
            }
            if !run.options.again, run.alreadyThere(shot) { continue }
            do {
                try run.copy(shot)
            } catch let problem as IngestProblem {
                run.report.failed.append(.init(path: problem.path, reason: problem.problem))
                run.options.told?(true, problem.path, problem.problem)
            } catch let stopped as DestinationProblem {
                let problem = stopped.problem
                run.report.failed.append(.init(path: problem.path, reason: problem.problem))
                return (
                    "\(problem.path): \(problem.problem); the ingest stopped there. The photos copied and "
                        + "verified before are kept: \(problem.full ? "free some space" : "fix it") and run the same "
                        + "command again to finish", problem.full ? .noSpace : .storage
                )
            }
        }
        return nil
    }
}
