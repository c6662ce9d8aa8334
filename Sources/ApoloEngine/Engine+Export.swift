import ApoloCore
import ApoloMedia
import ApoloStore

/// The options of one export, as the command line or the light table give them (JSON for the page).
public struct ExportOptions: Codable, Sendable {
    public var to = "."
    public var force = false
    public var dryRun = false
    public var maxSize: Int?
    public var quality = 90
    public var strip = false
    public var sidecars = false
    /// Files of a RAW+JPEG pair to write: raw, jpeg or both (default: both; with maxSize: jpeg).
    public var pair: String?
    /// Delivery names: a template (`{job}_{seq:4}`) instead of `SEQ-ALBUM-FILE`, and the job it names.
    public var name: String?
    public var job: String?
    /// Embed each photo's IPTC fields (and rating, keywords, label) in its JPEG copies.
    public var embed = true
    /// Sidecar names: "both" (NAME.EXT.xmp and NAME.xmp) or "one" (NAME.xmp, and none beside a JPEG that holds
    /// its own packet).
    public var sidecarNames = "both"
    /// Only these albums and shelves (by name), instead of every album: Lightroom's habit of exporting what is
    /// chosen. Numbered and named as any export.
    public var only: [String]?
    /// Only these slides (`REF`s: `best:2`, `table:4-9`, an id), in the order named: the selection. Numbered and
    /// named as any export, after the place they are on (or `selection` when they come from several).
    public var slides: [String]?

    public init() {}

    private enum Keys: String, CodingKey {
        case to, force, dryRun, maxSize, quality, strip, sidecars, pair, name, job, embed, sidecarNames, only
        case slides
    }

    /// Every key may be left out (the page sends only what the user set).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        to = try c.decodeIfPresent(String.self, forKey: .to) ?? "."
        force = try c.decodeIfPresent(Bool.self, forKey: .force) ?? false
        dryRun = try c.decodeIfPresent(Bool.self, forKey: .dryRun) ?? false
        maxSize = try c.decodeIfPresent(Int.self, forKey: .maxSize)
        quality = try c.decodeIfPresent(Int.self, forKey: .quality) ?? 90
        strip = try c.decodeIfPresent(Bool.self, forKey: .strip) ?? false
        sidecars = try c.decodeIfPresent(Bool.self, forKey: .sidecars) ?? false
        pair = try c.decodeIfPresent(String.self, forKey: .pair)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        job = try c.decodeIfPresent(String.self, forKey: .job)
        embed = try c.decodeIfPresent(Bool.self, forKey: .embed) ?? true
        sidecarNames = try c.decodeIfPresent(String.self, forKey: .sidecarNames) ?? "both"
        only = try c.decodeIfPresent([String].self, forKey: .only)
        slides = try c.decodeIfPresent([String].self, forKey: .slides)
    }

    /// The same rules for every front end; a usage error in words.
    public func validate() throws(CoreError) {
        if let maxSize, !(16...100_000).contains(maxSize) {
            throw CoreError(.invalid, said: Said("export.badSize", []))
        }
        guard (1...100).contains(quality) else { throw CoreError(.invalid, said: Said("export.badQuality", [])) }
        if strip && maxSize == nil { throw CoreError(.invalid, said: Said("export.stripNeedsSize", [])) }
        if let pair, ExportPlan.PairChoice(rawValue: pair) == nil {
            throw CoreError(.invalid, "--pair must be raw, jpeg or both")
        }
        guard !to.isEmpty, !to.utf8.contains(0) else { throw CoreError(.invalid, said: Said("export.needsFolder", [])) }
        if let name { _ = try NameTemplate(name, folders: false) }
        if let job, job.trimmingSpaces.isEmpty { throw CoreError(.invalid, "--job needs a name") }
        guard ["one", "both"].contains(sidecarNames) else {
            throw CoreError(.invalid, "--sidecar-names must be one or both")
        }
        if let only, only.count > 1_000 || only.contains(where: { $0.isEmpty || $0.utf8.count > 400 }) {
            throw CoreError(.invalid, "--only names albums or shelves (at most 1,000 names)")
        }
        if let slides, slides.count > 50_000 || slides.contains(where: { $0.isEmpty || $0.utf8.count > 400 }) {
            throw CoreError(.invalid, "--slides names slides as PLACE:N, ranges or ids (at most 50,000)")
        }
        if only?.isEmpty == false, slides?.isEmpty == false {
            throw CoreError(.invalid, "give either --only (albums or shelves) or --slides (a selection), not both")
        }
    }

    /// Both files of a pair, unless resizing (one picture is enough, made from the JPEG) or `pair` says.
    public var pairs: ExportPlan.PairChoice {
        pair.flatMap(ExportPlan.PairChoice.init) ?? (maxSize == nil ? .both : .jpeg)
    }
}

/// What an export wrote (or would write), and the sentence that says so.
public struct ExportResult: Sendable {
    public let items: [ExportItem]
    public let report: ExportReport

    /// `N photos from A albums`.
    public var counted: String { countedSaid.description }

    private var countedSaid: Said {
        let albums = Set(items.map(\.album)).count, photos = Set(items.map(\.sequence)).count
        let some = Said.count("export.photos", photos)
        let files = items.count > photos ? Said("export.files", some, .number(items.count)) : some
        return Said("export.counted", files, Said.count("export.albums", albums))
    }

    /// The sentence that ends an export, in the command line's English.
    public var summary: String { said.description }

    /// The sentence that ends an export: what was written where, what was replaced or removed, what failed.
    public var said: Said {
        var extra: [Said] = []
        if report.replaced > 0 { extra.append(Said.count("export.replaced", report.replaced)) }
        if report.removed > 0 {
            let why = report.dropped > 0 ? Said.count("export.dropped", report.dropped) : Said("export.renumbered", [])
            extra.append(Said.count("export.removed", report.removed, why))
        }
        let folder = Said(text: report.folder)
        let to =
            extra.isEmpty
            ? Said("export.to", countedSaid, folder)
            : Said("export.toWith", countedSaid, folder, Said(joining: extra, separator: ", "))
        guard report.failed.isEmpty else {
            return Said("export.failed", .number(report.files.count), to, .number(report.failed.count))
        }
        return Said("export.done", to)
    }
}

extension Engine {
    /// What the pre-export hook is told.
    struct PlannedExport: Encodable {
        let folder: String
        let files: [ExportItem]
    }

    /// Exports the open project's albums in order, with the pre- and post-export hooks: the one export path of
    /// the CLI and the light table. Export does not change the project, so it is no step of the history.
    public func export(
        _ options: ExportOptions, hooks: Hooks,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> ExportResult {
        try options.validate()
        let name = try store.requireCurrent()
        let project = try store.withLock(name) { try load(name) }
        let faces = options.sidecars ? analysis(of: project).signals.compactMapValues { $0.faces?.map(\.box) } : [:]
        let names = try options.name.map { try NameTemplate($0, folders: false) }
        let items = try ExportPlan.items(
            for: project, pairs: options.pairs, faces: faces, names: names,
            job: options.job, only: options.only, slides: options.slides)
        var writer = ExportWriter(into: options.to, project: project.name, force: options.force)
        writer.lockWait = store.lockTimeout
        writer.originals = Set(project.photos.values.map(\.path))
        writer.maxSize = options.maxSize
        writer.quality = options.quality
        writer.strip = options.strip
        writer.sidecars = options.sidecars
        (writer.embed, writer.oneSidecar) = (options.embed, options.sidecarNames == "one")
        writer.progress = progress
        writer.cache = try? MetadataCache(folder: store.home.cacheFolder)
        if !options.dryRun {
            try hooks.run("pre-export", project: project.name, PlannedExport(folder: writer.folder, files: items))
        }
        let report = try writer.run(items, project: project.name, dryRun: options.dryRun)
        if !options.dryRun { try hooks.run("post-export", project: project.name, report) }
        return ExportResult(items: items, report: report)
    }
}
