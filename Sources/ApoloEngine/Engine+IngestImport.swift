import ApoloCore
import ApoloMedia
import ApoloStore
import Foundation

extension Engine {
    /// Imports the primary destination's verified photo files (their sidecars are read with them), and the copies
    /// earlier ingests of these photos recorded there that the project lacks (an import that failed or was left
    /// out). When the import fails, each copy is said as not imported; a re-run imports it.
    func importCopies(_ run: IngestRun, hooks: Hooks, command: String) {
        let root = run.roots[0] + "/"
        var paths = run.report.placed.compactMap { $0.copies.first }
            .filter { $0.hasPrefix(root) && !$0.lowercased().hasSuffix(".xmp") }
        do {
            paths += try lacking(run.offered.filter { $0.hasPrefix(root) && !$0.lowercased().hasSuffix(".xmp") })
            guard !paths.isEmpty else { return }
            var options = ImportOptions()
            options.interrupted = run.options.interrupted
            run.report.imported = try importFiles(paths, options: options, hooks: hooks, command: command).0
        } catch {
            for path in paths {
                let reason =
                    "copied and recorded, but not imported: \(Self.words(error)); run the same ingest again "
                    + "to import it"
                run.report.failed.append(.init(path: path, reason: reason))
                run.options.told?(true, path, reason)
            }
        }
    }

    /// The recorded copies still there that the open project holds no photo of; a path that climbs (`..`) is no
    /// copy an ingest recorded, whatever the registry says.
    private func lacking(_ copies: [String]) throws -> [String] {
        guard !copies.isEmpty else { return [] }
        let project = try store.load(try store.requireCurrent())
        let held = Set(project.photos.values.flatMap { [$0.path] + ($0.pair.map { [$0.path] } ?? []) })
        var seen = Set<String>()
        return copies.filter {
            !held.contains($0) && !$0.split(separator: "/").contains { $0 == ".." || $0 == "." }
                && seen.insert($0).inserted && access(FileNames.bytes(of: $0), F_OK) == 0
        }
    }

    private static func words(_ error: Error) -> String {
        (error as? ApoloFailure)?.message ?? "\(error)"
    }

    /// Applies the template to the photos this ingest imported (those of its primary copies), as one step.
    func stamp(_ run: IngestRun, with template: MetaTemplate, command: String) throws {
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
