import ApoloCore
import ApoloMedia
import ArgumentParser

/// `apolo import PATH...`: read files (outside the lock), then add them to the project in one locked save.
struct ImportCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: AddPhotos.spec.summary,
        discussion: """
            Folders are scanned recursively; hidden files and *.xmp sidecars in folders are skipped.
            Images are recognised by content: JPEG, PNG, TIFF, WebP, HEIC, AVIF. A photo whose content is
            already in the project counts as a duplicate. Files that cannot be imported are reported one per
            line (failed: PATH: REASON) and the import goes on; then exit code 3. Originals are only read.
            """)

    @Argument(help: "Photo files and folders.") var paths: [String] = []
    @Flag(help: "Print JSON: {imported, duplicates, failed: [{path, reason}], warnings: [{path, reason}]}.") var json = false

    struct Problem: Encodable {
        let path: String
        let reason: String
    }

    struct Report: Encodable {
        var imported: [String] = []
        var duplicates: [String] = []
        var failed: [Problem] = []
        var warnings: [Problem] = []
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one photo file or folder to import") }
    }

    func run() throws {
        let store = Context.store
        let name = try store.requireCurrent()
        _ = try store.load(name)
        var report = Report()
        var read: [(path: String, photo: Photo)] = []
        let scan = FileScanner.scan(paths)
        for failure in scan.failures { fail(Problem(path: failure.path, reason: failure.reason), &report) }
        for path in scan.files {
            switch PhotoReader.read(path) {
            case .success(let file):
                read.append((path, file.photo))
                for warning in file.warnings {
                    report.warnings.append(Problem(path: path, reason: warning))
                    if !json { Output.warning("\(path): \(warning)") }
                }
            case .failure(let failure):
                fail(Problem(path: path, reason: failure.reason), &report)
            }
        }
        try store.withLock(name) {
            let before = try store.load(name)
            var project = before
            for (path, photo) in read {
                if project.photos[photo.id] == nil { report.imported.append(path) } else { report.duplicates.append(path) }
                _ = try AddPhotos([photo]).apply(to: &project)
            }
            let summary = "imported \(report.imported.count) photo\(report.imported.count == 1 ? "" : "s")"
            try Runner.commit(before, project, summary: summary, store: store)
        }
        try Hooks.run("post-import", project: name, report)
        try finish(report)
    }

    /// Records a file that could not be imported and reports it at once (one line on stderr).
    private func fail(_ problem: Problem, _ report: inout Report) {
        report.failed.append(problem)
        if !json { Output.note("failed", "\(problem.path): \(problem.reason)") }
    }

    private func finish(_ report: Report) throws {
        if json { try Output.json(report) }
        var summary = "imported \(report.imported.count), duplicates \(report.duplicates.count), failed \(report.failed.count)"
        if !report.warnings.isEmpty { summary += ", warnings \(report.warnings.count)" }
        if !report.failed.isEmpty {
            if json { throw PartialFailure(summary: "") }
            throw PartialFailure(summary: summary)
        }
        if !json { Output.line(summary) }
    }
}
