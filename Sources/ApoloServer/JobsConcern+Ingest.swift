import ApoloCore
import ApoloEngine
import Foundation
import Hummingbird

/// Ingest from the page: the engine's own ingest (verified copies, templates, manifests, import into the open
/// project, the post-ingest hook) runs in the background, one at a time; the page follows the bytes copied.
extension JobsConcern {
    /// `{sources: [..], to, backups?: [..], job?, name?, folders?, template?, again?}`.
    struct IngestBody: Decodable {
        let sources: [String]
        let to: String
        let backups: [String]?
        let job: String?
        let name: String?
        let folders: String?
        let template: String?
        let again: Bool?
    }

    func startIngest(_ body: IngestBody) throws -> Response {
        guard let hooks else { throw HTTPFailure(status: .notFound, message: "this server cannot ingest") }
        let sources = body.sources.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard !sources.isEmpty, sources.count <= 16, (body.backups ?? []).count <= 8 else {
            throw HTTPFailure(status: .badRequest, message: "name 1 to 16 cards and at most 8 backups")
        }
        var options = IngestOptions()
        (options.sources, options.destination) = (sources, body.to.trimmingSpaces)
        options.backups = (body.backups ?? []).map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        let blank = { (text: String?) in text.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0.trimmingSpaces } }
        (options.job, options.name, options.folders) = (blank(body.job), blank(body.name), blank(body.folders))
        (options.template, options.again) = (blank(body.template), body.again ?? false)
        let job = ingestJob
        guard job.start() else {
            throw HTTPFailure(status: .conflict, message: "an ingest is already running; wait for it to end")
        }
        let engine = self.engine
        options.progress = { done, total in job.progress(done, total) }
        let given = options
        Thread.detachNewThread {
            do {
                let report = try engine.ingest(given, importing: true, hooks: hooks, command: "ingest (light table)")
                job.finish(report, said: report.said)
            } catch let stopped as IngestStopped {
                job.fail(Said(text: stopped.message), report: stopped.report)
            } catch let error as any ApoloFailure {
                job.fail(error.said)
            } catch {
                job.fail(Said(text: "\(error)"))
            }
        }
        return LightTable.json(["started": "ingest"], status: .accepted)
    }

    /// The running or last ingest: `{running, done, total, message?, error?, failed, problems}` (bytes), in
    /// `language`; `problems` names each file that failed or was warned of (`{path, reason, failed}`, the first 500).
    func ingestStatus(_ language: Language) -> Response {
        var json = JSONWriter()
        ingestJob.write(&json, language: language, failed: { $0.failed.count + ($0.imported?.failed.count ?? 0) }) {
            json, state in
            json.key("problems")
            json.array { json in
                for (path, reason, failed) in Self.problems(state.report).prefix(500) {
                    json.object { json in
                        json.key("path")
                        json.string(path)
                        json.key("reason")
                        json.string(reason)
                        json.key("failed")
                        json.bool(failed)
                    }
                }
            }
        }
        return LightTable.json(bytes: json.bytes)
    }

    /// Each file an ingest could not copy or import, then each it warned of.
    static func problems(_ report: IngestReport?) -> [(String, String, Bool)] {
        guard let report else { return [] }
        let imported = report.imported
        let failed = report.failed.map { ($0.path, $0.reason, true) }
        return failed + (imported?.failed ?? []).map { ($0.path, $0.reason, true) }
            + (imported?.warnings ?? []).map { ($0.path, $0.reason, false) }
    }
}

/// The light table's ingest.
typealias IngestJob = BackgroundJob<IngestReport>
