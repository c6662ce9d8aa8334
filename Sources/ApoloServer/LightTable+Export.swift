import ApoloCore
import ApoloEngine
import ApoloMedia
import Foundation
import HTTPTypes
import Hummingbird

/// Export from the page: the engine's own export (its options, checks, hooks and sentence, as the CLI's) runs
/// in the background, one at a time; the page follows its progress and gets the folder and the manifest at the end.
extension LightTable {
    /// `{options: {to, force?, maxSize?, quality?, strip?, sidecars?, pair?}}`.
    struct ExportBody: Decodable {
        let options: ExportOptions
    }

    /// Starts an export of the open project's albums; options refused in `language`, in the page's words.
    func startExport(_ body: ExportBody, _ language: Language = .english) throws -> Response {
        guard let hooks else { throw HTTPFailure(status: .notFound, message: "this server cannot export") }
        var given = body.options
        given.dryRun = false
        let options = given
        do { try options.validate() } catch {
            throw HTTPFailure(status: .badRequest, message: error.said.text(language, for: .page))
        }
        guard job.start() else {
            throw HTTPFailure(status: .conflict, message: "an export is already running; wait for it to end")
        }
        let (job, engine) = (self.job, self.engine)
        Thread.detachNewThread {
            do {
                let result = try engine.export(options, hooks: hooks) { done, total in job.progress(done, total) }
                job.finish(said: result.said, report: result.report)
            } catch let error as any ApoloFailure {
                job.fail(error.said)
            } catch {
                job.fail(Said(text: "\(error)"))
            }
        }
        return Self.json(["started": "export"], status: .accepted)
    }

    /// The running or last export: `{running, done, total, message?, error?, folder?}`, its sentence in `language`.
    func exportStatus(_ language: Language = .english) -> Response {
        var json = JSONWriter()
        job.write(&json, parent: FileManager.default.currentDirectoryPath, language: language)
        return Self.json(bytes: json.bytes)
    }

    /// The manifest the last export wrote, as it was written (built from the report, not read from the folder).
    func exportManifest() throws -> Response {
        guard let (project, report) = job.finished else {
            throw HTTPFailure(status: .notFound, message: "no export has finished yet")
        }
        guard let bytes = try? ExportManifest(project: project, files: report.files).encoded() else {
            throw HTTPFailure(status: .internalServerError, message: "cannot encode the manifest")
        }
        return Self.json(bytes: bytes)
    }
}

/// The state of the light table's export, shared between the worker and the requests.
final class ExportJob: Sendable {
    private struct State {
        var running = false
        var done = 0
        var total = 0
        var message: Said?
        var error: Said?
        var report: ExportReport?
        var project = ""
    }

    private let state = Locked(State())

    func start() -> Bool {
        state.withLock { state in
            guard !state.running else { return false }
            state = State(running: true)
            return true
        }
    }

    func progress(_ done: Int, _ total: Int) { state.withLock { ($0.done, $0.total) = (done, total) } }

    func finish(said: Said, report: ExportReport) {
        state.withLock { state in
            state = State(running: false, done: report.files.count, total: report.files.count + report.failed.count,
                          message: said, report: report,
                          project: report.folder.split(separator: "/").last.map(String.init) ?? "")
        }
    }

    func fail(_ said: Said) { state.withLock { ($0.running, $0.error) = (false, said) } }

    var finished: (String, ExportReport)? {
        let state = state.value
        return state.report.map { (state.project, $0) }
    }

    func write(_ json: inout JSONWriter, parent: String, language: Language) {
        let state = state.value
        json.object { json in
            json.key("running")
            json.bool(state.running)
            json.key("done")
            json.int(state.done)
            json.key("total")
            json.int(state.total)
            json.key("message")
            json.string(state.message?.text(language, for: .page))
            json.key("error")
            json.string(state.error?.text(language, for: .page))
            json.key("folder")
            json.string(state.report?.folder)
            json.key("failed")
            json.int(state.report?.failed.count ?? 0)
            json.key("parent")
            json.string(parent)
        }
    }
}
