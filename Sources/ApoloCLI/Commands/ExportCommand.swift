import ApoloCommands
import ApoloCore
import ApoloEngine
import ApoloMedia
import ArgumentParser

/// `apolo export`: album photos, in album order, into DIR/PROJECT/ with numbered names.
struct ExportCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: CommandSpec.export.summary,
        discussion: prose(
            """
            Files are named SEQ-ALBUM-ORIGINAL (e.g. 001-lisbon-IMG_0042.jpg), SEQ zero-padded to at least 3 digits,
            so a name sort shows album order (--name "{job}_{seq:4}" gives delivery names: Smith_0001.jpg; a template
            that gives two photos one name is refused). A JPEG whose photo has IPTC fields (apolo caption set) gets
            them embedded, with its rating, keywords and label (XMP and IPTC-IIM; --no-embed copies it as it is);
            every other byte of it is the original's. Other copies are byte-identical and keep the original's
            modification time
            (with --max-size: resized upright by libvips,
                    EXIF kept unless --strip; formats libvips cannot write become .jpg);
            apolo-export.json lists sequence, album, name, original path and content hashes. A non-empty folder is
            refused unless --force, which replaces or removes only files apolo can prove it wrote: named in its
            manifest there, with bytes that still match the manifest's hash. Two exports into one folder run one
            after the other. With --max-size, a photo libvips cannot decode is listed as failed (exit 3) and the
            others are written; the manifest always lists what was written.
            Export does not change the project, so it is not in the undo history: undo never removes exported files.
            Hooks: APOLO_HOME/hooks/pre-export (a failure stops the export) and post-export.
            """))

    @Option(help: "Parent folder (default: the current folder); files go to DIR/PROJECT/.") var to: String = "."
    @Flag(help: "Replace an earlier apolo export in that folder.") var force = false
    @Flag(help: "Show what would be written; write nothing.") var dryRun = false
    @Option(help: "Resize to at most PX pixels on the longer side (upright) instead of copying bytes.") var maxSize:
        Int?
    @Option(help: "JPEG/WebP quality of resized copies (1–100).") var quality: Int = 90
    @Flag(help: "Drop EXIF and other metadata from resized copies.") var strip = false
    @Flag(help: "Write NAME.EXT.xmp (rating, keywords, label) next to each exported file.") var sidecars = false
    @Option(help: "Files of a RAW+JPEG pair to write: raw, jpeg or both (default: both; with --max-size: jpeg).")
    var pair: String?
    @Option(
        help: ArgumentHelp(
            "Delivery names: a template such as \"{job}_{seq:4}\" (variables as for ingest, and "
                + "{album}; {seq} is the export's number) instead of SEQ-ALBUM-FILE.", valueName: "TEMPLATE")) var name:
        String?
    @Option(help: "The job {job} names (default: the project's name).") var job: String?
    @Option(
        help: ArgumentHelp(
            "Export only this album or shelf (repeat for several; default: every album), "
                + "numbered and named as any export.", valueName: "NAME")) var only: [String] = []
    @Option(
        help: ArgumentHelp(
            "Export only these slides, in the order named (PLACE:N, a range like table:4-9, an "
                + "id; repeat or join with commas): a selection, named after its place.", valueName: "REF"))
    var slides: [String] = []
    @Flag(help: "Copy JPEGs byte for byte even when their photos have captions or credits (no embedded XMP/IPTC).")
    var noEmbed = false
    @Option(
        help: ArgumentHelp(
            "With --sidecars: both (NAME.EXT.xmp and NAME.xmp) or one (NAME.xmp; none beside a "
                + "JPEG that holds its own packet)."))
    var sidecarNames = "both"
    @Flag(
        help:
            """
            Print JSON: {folder, files: [{sequence, album, name, original, hash, written?, sidecar?}], replaced, \
            removed, dropped, failed: [{original, reason}], warnings, dryRun}.
            """
    ) var json = false

    /// `export --sidecars one|both` as the issue's users write it: `--sidecars --sidecar-names one|both`.
    static func normalized(_ words: [String]) -> [String] {
        guard words.first == "export", let at = words.firstIndex(of: "--sidecars"), at + 1 < words.count,
            ["one", "both"].contains(words[at + 1])
        else { return words }
        return Array(words[...at]) + ["--sidecar-names"] + Array(words[(at + 1)...])
    }

    func validate() throws {
        do { try options.validate() } catch { throw ValidationError(error.message) }
    }

    var options: ExportOptions {
        var options = ExportOptions()
        (options.to, options.force, options.dryRun, options.maxSize) = (to, force, dryRun, maxSize)
        (options.quality, options.strip, options.sidecars, options.pair) = (quality, strip, sidecars, pair)
        (options.name, options.job, options.embed, options.sidecarNames) = (name, job, !noEmbed, sidecarNames)
        options.only = only.isEmpty ? nil : only
        options.slides = slides.isEmpty ? nil : slides
        return options
    }

    func run() throws {
        let result = try Context.engine.export(options, hooks: Context.hooks)
        let report = result.report
        if json {
            try Output.json(report)
            if !report.failed.isEmpty { throw PartialFailure(summary: "") }
            return
        }
        for warning in report.warnings { Output.warning(warning) }
        if dryRun {
            Output.line("would export \(result.counted) to \(report.folder):")
            for file in report.files { Output.line("  \(file.name)  ←  \(file.original)") }
            return
        }
        for failure in report.failed { Output.note("failed", "\(failure.original): \(failure.reason)") }
        let summary = result.summary
        guard report.failed.isEmpty else { throw PartialFailure(summary: summary) }
        Output.line(summary)
    }
}
