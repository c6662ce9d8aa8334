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
    public func ingest(_ options: IngestOptions, importing: Bool, hooks: Hooks,
                       command: String) throws -> IngestReport {
        let started = Date()
        let (folders, names) = try Self.templates(options)
        let template = try options.template.map { try MetaTemplate.load($0, home: store.home) }
        if template != nil && !importing && !options.dryRun {
            throw CoreError(.invalid, "--template sets the fields of the imported photos: open a project (or give "
                + "--project) and leave out --no-import")
        }
        let (sources, roots) = try Self.destinations(options)
        let registry = try IngestRegistry(home: store.home)
        let run = IngestRun(options, roots: roots, folders: folders, names: names, registry: registry)
        let scan = CardScanner.scan(sources)
        for (path, reason) in scan.failed {
            run.report.failed.append(.init(path: path, reason: reason))
            options.told?(true, path, reason)
        }
        run.report.skipped = scan.skipped.map { .init(path: $0.path, reason: $0.reason) }
        let total = scan.shots.reduce(0) { $0 + $1.bytes }
        var done = 0
        var stop: (String, FailureKind)?
        for shot in scan.shots {
            if options.interrupted() {
                run.report.interrupted = true
                stop = ("interrupted: the photos copied and verified so far are kept; run the same command again to "
                    + "finish", .interrupted)
                break
            }
            defer {
                done += shot.bytes
                options.progress?(done, total)
            }
            if !options.again, shot.photos.allSatisfy({ registry.known($0.print) != nil }) {
                run.report.known += 1
                continue
            }
            do {
                try run.copy(shot)
            } catch let problem as IngestProblem {
                run.report.failed.append(.init(path: problem.path, reason: problem.problem))
                options.told?(true, problem.path, problem.problem)
            } catch let stopped as DestinationProblem {
                let problem = stopped.problem
                run.report.failed.append(.init(path: problem.path, reason: problem.problem))
                stop = ("\(problem.path): \(problem.problem); the ingest stopped there. The photos copied and "
                    + "verified before are kept: \(problem.full ? "free some space" : "fix it") and run the same "
                    + "command again to finish", problem.full ? .noSpace : .storage)
                break
            }
        }
        if !options.dryRun { run.report.manifests = try IngestManifest.write(run, registry: registry) }
        run.report.seconds = Date().timeIntervalSince(started)
        if importing && !options.dryRun {
            try importCopies(run, hooks: hooks, command: command)
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

    /// Imports the primary destination's verified photo files (their sidecars are read with them).
    private func importCopies(_ run: IngestRun, hooks: Hooks, command: String) throws {
        let root = run.roots[0] + "/"
        let paths = run.report.placed.compactMap { $0.copies.first }
            .filter { $0.hasPrefix(root) && !$0.lowercased().hasSuffix(".xmp") }
        guard !paths.isEmpty else { return }
        var options = ImportOptions()
        options.interrupted = run.options.interrupted
        run.report.imported = try importFiles(paths, options: options, hooks: hooks, command: command).0
    }

    /// Applies the template to the photos this ingest imported (those of its primary copies), as one step.
    private func stamp(_ run: IngestRun, with template: MetaTemplate, command: String) throws {
        let copies = Set(run.report.placed.compactMap { $0.copies.first })
        guard !copies.isEmpty else { return }
        let project = try store.load(try store.requireCurrent())
        let ids = project.photos.values.filter { copies.contains($0.path) || copies.contains($0.pair?.path ?? "") }
            .map(\.id)
        guard !ids.isEmpty else { return }
        var numbers: [String: IngestRecord] = [:]
        for record in run.registry.records { if let copy = record.copies.first { numbers[copy] = record } }
        var extra: [PhotoID: [String: String]] = [:]
        for photo in project.photos.values {
            guard let record = numbers[photo.path] ?? photo.pair.flatMap({ numbers[$0.path] }) else { continue }
            extra[photo.id] = ["seq": String(record.seq), "dayseq": String(record.dayseq)]
        }
        let edit = template.edit("", ids: ids, job: run.options.job, codes: Codes.load(store.home), extra: extra)
        let outcome = try apply([Change(edit)], command: command)
        run.report.templated = outcome.messages.first
    }
}
