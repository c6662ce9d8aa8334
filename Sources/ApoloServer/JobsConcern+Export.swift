import ApoloCore
import ApoloEngine
import ApoloMedia
import Foundation
import HTTPTypes
import Hummingbird

/// Export from the page: the engine's own export (its options, checks, hooks and sentence, as the CLI's) runs
/// in the background, one at a time; the page follows its progress and gets the folder and the manifest at the end.
extension JobsConcern {
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
                let files = result.report.files.count
                job.finish(result.report, said: result.said, counted: (files, files + result.report.failed.count))
            } catch let error as any ApoloFailure {
                job.fail(error.said)
            } catch {
                job.fail(Said(text: "\(error)"))
            }
        }
        return LightTable.json(["started": "export"], status: .accepted)
    }

    /// The running or last export: `{running, done, total, message?, error?, folder?}`, its sentence in `language`.
    func exportStatus(_ language: Language = .english) -> Response {
        var json = JSONWriter()
        let parent = FileManager.default.currentDirectoryPath
        job.write(&json, language: language, failed: { $0.failed.count }) { json, state in
            json.key("folder")
            json.string(state.report?.folder)
            json.key("parent")
            json.string(parent)
        }
        return LightTable.json(bytes: json.bytes)
    }

    /// The manifest the last export wrote, as it was written (built from the report, not read from the folder).
    func exportManifest() throws -> Response {
        guard let (project, report) = job.finished else {
            throw HTTPFailure(status: .notFound, message: "no export has finished yet")
        }
        guard let bytes = try? ExportManifest(project: project, files: report.files).encoded() else {
            throw HTTPFailure(status: .internalServerError, message: "cannot encode the manifest")
        }
        return LightTable.json(bytes: bytes)
    }
}

/// The light table's export.
typealias ExportJob = BackgroundJob<ExportReport>

extension BackgroundJob where Report == ExportReport {
    /// The project folder and report of the last export that finished.
    var finished: (String, ExportReport)? {
        value.report.map { (String($0.folder.split(separator: "/").last ?? ""), $0) }
    }
}
