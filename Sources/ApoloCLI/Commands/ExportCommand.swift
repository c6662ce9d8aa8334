import ApoloCore
import ApoloMedia
import ArgumentParser

/// `apolo export`: album photos, in album order, into DIR/PROJECT/ with numbered names.
struct ExportCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: CommandSpec.export.summary,
        discussion: """
            Files are named SEQ-ALBUM-ORIGINAL (e.g. 001-lisbon-IMG_0042.jpg), SEQ zero-padded to at least 3 digits,
            so a name sort shows album order. Copies are byte-identical and keep the original's modification time
            (with --max-size: resized upright by libvips, EXIF kept unless --strip; formats libvips cannot write become .jpg);
            apolo-export.json lists sequence, album, name, original path and content hashes. A non-empty folder is
            refused unless --force, which replaces or removes only files apolo can prove it wrote: named in its
            manifest there, with bytes that still match the manifest's hash. Two exports into one folder run one
            after the other. With --max-size, a photo libvips cannot decode is listed as failed (exit 3) and the
            others are written; the manifest always lists what was written.
            Export does not change the project, so it is not in the undo history: undo never removes exported files.
            Hooks: APOLO_HOME/hooks/pre-export (a failure stops the export) and post-export.
            """)

    @Option(help: "Parent folder (default: the current folder); files go to DIR/PROJECT/.") var to: String = "."
    @Flag(help: "Replace an earlier apolo export in that folder.") var force = false
    @Flag(help: "Show what would be written; write nothing.") var dryRun = false
    @Option(help: "Resize to at most PX pixels on the longer side (upright) instead of copying bytes.") var maxSize: Int?
    @Option(help: "JPEG/WebP quality of resized copies (1–100).") var quality: Int = 90
    @Flag(help: "Drop EXIF and other metadata from resized copies.") var strip = false
    @Flag(help: "Write NAME.EXT.xmp (rating, keywords, label) next to each exported file.") var sidecars = false
    @Option(help: "Files of a RAW+JPEG pair to write: raw, jpeg or both (default: both; with --max-size: jpeg).") var pair: String?
    @Flag(help: "Print JSON: {folder, files: [{sequence, album, name, original, hash, written?, sidecar?}], replaced, removed, dropped, failed: [{original, reason}], warnings, dryRun}.") var json = false

    /// What the pre-export hook is told.
    struct PlannedExport: Encodable {
        let folder: String
        let files: [ExportItem]
    }

    func validate() throws {
        if let maxSize, !(16...100_000).contains(maxSize) { throw ValidationError("--max-size must be 16–100000 pixels") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1–100") }
        if strip && maxSize == nil { throw ValidationError("--strip applies to resized copies: add --max-size PX (byte copies are always identical)") }
        if let pair, ExportPlan.PairChoice(rawValue: pair) == nil { throw ValidationError("--pair must be raw, jpeg or both") }
    }

    /// Options of one export, as the command line or the light table give them.
    struct Options {
        var to = "."
        var force = false
        var dryRun = false
        var maxSize: Int?
        var quality = 90
        var strip = false
        var sidecars = false
        var pairs = ExportPlan.PairChoice.both
    }

    /// Exports the open project's albums with the pre- and post-export hooks: the one export path of the CLI and
    /// the light table.
    static func perform(_ options: Options, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> ([ExportItem], ExportReport) {
        let project = try Runner.read { $0 }
        let items = try ExportPlan.items(for: project, pairs: options.pairs)
        var writer = ExportWriter(into: options.to, project: project.name, force: options.force)
        writer.lockWait = Context.store.lockTimeout
        writer.originals = Set(project.photos.values.map(\.path))
        writer.maxSize = options.maxSize
        writer.quality = options.quality
        writer.strip = options.strip
        writer.sidecars = options.sidecars
        writer.progress = progress
        if !options.dryRun { try Hooks.run("pre-export", project: project.name, PlannedExport(folder: writer.folder, files: items)) }
        let report = try writer.run(items, project: project.name, dryRun: options.dryRun)
        if !options.dryRun { try Hooks.run("post-export", project: project.name, report) }
        return (items, report)
    }

    func run() throws {
        let (items, report) = try Self.perform(Options(to: to, force: force, dryRun: dryRun, maxSize: maxSize, quality: quality,
                                                       strip: strip, sidecars: sidecars, pairs: pairChoice))
        if json {
            try Output.json(report)
            if !report.failed.isEmpty { throw PartialFailure(summary: "") }
            return
        }
        for warning in report.warnings { Output.warning(warning) }
        if dryRun {
            Output.line("would export \(Self.counted(items)) to \(report.folder):")
            for file in report.files { Output.line("  \(file.name)  ←  \(file.original)") }
            return
        }
        for failure in report.failed { Output.note("failed", "\(failure.original): \(failure.reason)") }
        let summary = Self.summary(items, report)
        guard report.failed.isEmpty else { throw PartialFailure(summary: summary) }
        Output.line(summary)
    }

    /// Both files of a pair, unless resizing (one picture is enough, made from the JPEG) or `--pair` says.
    var pairChoice: ExportPlan.PairChoice {
        pair.flatMap(ExportPlan.PairChoice.init) ?? (maxSize == nil ? .both : .jpeg)
    }

    /// `N photos from A albums`.
    static func counted(_ items: [ExportItem]) -> String {
        let albums = Set(items.map(\.album)).count, photos = Set(items.map(\.sequence)).count
        let files = items.count > photos ? " (\(items.count) files)" : ""
        return "\(photos) photo\(photos == 1 ? "" : "s")\(files) from \(albums) album\(albums == 1 ? "" : "s")"
    }

    /// The sentence that ends an export: what was written where, what was replaced or removed, what failed.
    static func summary(_ items: [ExportItem], _ report: ExportReport) -> String {
        var extra: [String] = []
        if report.replaced > 0 { extra.append("replaced \(report.replaced) file\(report.replaced == 1 ? "" : "s") of the earlier export") }
        if report.removed > 0 {
            let why = report.dropped > 0 ? "\(report.dropped) photo\(report.dropped == 1 ? " is" : "s are") in no album now" : "renumbered"
            extra.append("removed \(report.removed) earlier file\(report.removed == 1 ? "" : "s") (\(why))")
        }
        let written = report.files.count
        let to = " to \(report.folder)" + (extra.isEmpty ? "" : " (\(extra.joined(separator: ", ")))")
        guard report.failed.isEmpty else {
            return "exported \(written) of \(counted(items))\(to); \(report.failed.count) failed (listed above); the manifest lists what was written"
        }
        return "exported \(counted(items))\(to)"
    }
}
