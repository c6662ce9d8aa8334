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

    /// Starts an export of the open project's albums.
    func startExport(_ body: ExportBody) throws -> Response {
        guard let hooks else { throw HTTPFailure(status: .notFound, message: "this server cannot export") }
        var given = body.options
        given.dryRun = false
        let options = given
        do { try options.validate() } catch { throw HTTPFailure(status: .badRequest, message: error.message) }
        guard job.start() else {
            throw HTTPFailure(status: .conflict, message: "an export is already running; wait for it to end")
        }
        let (job, engine) = (self.job, self.engine)
        Thread.detachNewThread {
            do {
                let result = try engine.export(options, hooks: hooks) { done, total in job.progress(done, total) }
                job.finish(summary: result.summary, report: result.report)
            } catch let error as any ApoloFailure {
                job.fail(error.message)
            } catch {
                job.fail("\(error)")
            }
        }
        return Self.json(["started": "export"], status: .accepted)
    }

    /// The running or last export: `{running, done, total, message?, error?, folder?}`.
    func exportStatus() -> Response {
        var json = JSONWriter()
        job.write(&json, parent: FileManager.default.currentDirectoryPath)
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
final class ExportJob: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var done = 0
    private var total = 0
    private var message: String?
    private var error: String?
    private var report: ExportReport?
    private var project = ""

    func start() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return false }
        (running, done, total, message, error, report) = (true, 0, 0, nil, nil, nil)
        return true
    }

    func progress(_ done: Int, _ total: Int) {
        lock.lock()
        (self.done, self.total) = (done, total)
        lock.unlock()
    }

    func finish(summary: String, report: ExportReport) {
        lock.lock()
        (running, message, self.report, done, total) = (false, summary, report, report.files.count,
                report.files.count + report.failed.count)
        project = report.folder.split(separator: "/").last.map(String.init) ?? ""
        lock.unlock()
    }

    func fail(_ text: String) {
        lock.lock()
        (running, error) = (false, text)
        lock.unlock()
    }

    var finished: (String, ExportReport)? {
        lock.lock()
        defer { lock.unlock() }
        return report.map { (project, $0) }
    }

    func write(_ json: inout JSONWriter, parent: String) {
        lock.lock()
        defer { lock.unlock() }
        json.object { json in
            json.key("running")
            json.bool(running)
            json.key("done")
            json.int(done)
            json.key("total")
            json.int(total)
            json.key("message")
            json.string(message)
            json.key("error")
            json.string(error)
            json.key("folder")
            json.string(report?.folder)
            json.key("failed")
            json.int(report?.failed.count ?? 0)
            json.key("parent")
            json.string(parent)
        }
    }
}
