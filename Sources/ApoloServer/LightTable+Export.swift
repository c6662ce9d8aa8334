import ApoloMedia
import Foundation
import HTTPTypes
import Hummingbird

/// Export from the page: the CLI's own `export` (its options, checks, hooks and messages) runs in the
/// background, one at a time; the page follows its progress and gets the folder and the manifest at the end.
extension LightTable {
    /// Runs `apolo export WORDS…` in this process, telling progress as files are written; returns the sentence
    /// the CLI prints and the report.
    public typealias Exporter = @Sendable (_ words: [String], _ progress: @escaping @Sendable (Int, Int) -> Void) throws
        -> (summary: String, report: ExportReport)

    struct ExportBody: Decodable {
        let words: [String]
    }

    /// Starts an export (`words` are the command line after `apolo`, beginning with `export`).
    func startExport(_ body: ExportBody) throws -> Response {
        guard let exporter else { throw HTTPFailure(status: .notFound, message: "this server cannot export") }
        guard body.words.first == "export", body.words.count <= 20, body.words.allSatisfy({ $0.utf8.count <= 4096 && !$0.contains("\0") }) else {
            throw HTTPFailure(status: .badRequest, message: "send an export command line: [\"export\", \"--to\", \"/folder\", …]")
        }
        guard job.start() else { throw HTTPFailure(status: .conflict, message: "an export is already running; wait for it to end") }
        let job = self.job
        Thread.detachNewThread {
            do {
                let (summary, report) = try exporter(body.words) { done, total in job.progress(done, total) }
                job.finish(summary: summary, report: report)
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
        guard let (project, report) = job.finished else { throw HTTPFailure(status: .notFound, message: "no export has finished yet") }
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
        (running, message, self.report, done, total) = (false, summary, report, report.files.count, report.files.count + report.failed.count)
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
