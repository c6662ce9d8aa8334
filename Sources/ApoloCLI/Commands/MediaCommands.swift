import ApoloCommands
import ApoloCore
import ApoloMedia
import ApoloStore
import ArgumentParser
import Foundation

/// `apolo sheet`: a contact-sheet PNG of the table, a shelf, an album, or the whole project.
struct SheetCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet", abstract: CommandSpec.sheet.summary,
        discussion: prose(
            """
            With no place (or --all): every shelf, then every album. The file defaults to PROJECT-PLACE.png here. A long
            sheet is split into pages of at most 3000 px (FILE-1.png, FILE-2.png, …), so memory stays bounded.
            """))
    @Argument(help: "table, a shelf or an album (default: --all).", completion: Completions.places) var place: String?
    @Flag(help: "Every shelf, then every album.") var all = false
    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.") var output: String?
    @Option(help: "Frames per line (1–20).") var columns: Int = 6

    func validate() throws {
        guard (1...20).contains(columns) else { throw ValidationError("--columns must be 1–20") }
        if all && place != nil { throw ValidationError("give a place or --all, not both") }
    }

    func run() throws {
        let store = Context.store
        let project = try Runner.read { $0 }
        var rows: [ContactSheet.Row] = []
        func row(_ place: Place, _ kind: String) -> ContactSheet.Row {
            let slides = project.slides(of: place).enumerated().compactMap { i, id in
                project.photos[id].map { (i + 1, $0) }
            }
            return ContactSheet.Row(title: place.name, kind: kind, slides: slides)
        }
        if let name = place {
            guard let found = project.place(named: name) else { throw CoreError.noPlace(name, in: project) }
            let kind: String
            switch found {
            case .table: kind = "light table"
            case .discarded: kind = "discarded"
            case .shelf: kind = "shelf"
            case .album: kind = "album"
            }
            rows = [row(found, kind)]
        } else {
            rows =
                project.shelves.map {
                    row(
                        .shelf($0.name),
                        "shelf")
                } + project.albums.map { row(.album($0.name), "album") }
            guard !rows.isEmpty else {
                throw CoreError(.empty, "no shelves or albums yet; draw the table with: apolo sheet table")
            }
        }
        let file = output ?? String("\(project.name)-\(place ?? "all").png".map { $0 == " " || $0 == "/" ? "_" : $0 })
        var sheet = ContactSheet(thumbnails: ThumbnailStore(cache: store.home.cacheFolder))
        sheet.columns = columns
        let pages = try sheet.render(rows, title: "\(project.name)", to: file)
        let count = rows.reduce(0) { $0 + $1.slides.count }
        let what =
            """
            \(count) slide\(count == 1 ? "" : "s") of \(rows.count) place\(rows.count == 1 ? "" : "s"), \(columns) \
            frames across
            """
        if pages.count == 1, let page = pages.first {
            return Output.line("wrote \(page.path) (\(page.width)×\(page.height) px, \(what))")
        }
        Output.line(
            """
            wrote \(pages.count) pages, \(pages[0].path) … \(pages[pages.count - 1].path) \
            (\(pages[0].width) px wide, \(what))
            """
        )
    }
}

/// `apolo view REF`: a full-size upright preview, opened with xdg-open when there is a display.
struct ViewCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "view", abstract: CommandSpec.view.summary)
    @Argument(help: "The photo: PLACE:N, id prefix or file name.") var ref: String
    @Option(help: "Longest side of the preview in pixels.") var size: Int = 2048

    func run() throws { try Preview.show(ref, size: size) }
}

/// Upright previews in the cache (`cache/previews/ID-SIZE.jpg`).
enum Preview {
    static func show(_ ref: String, size: Int) throws {
        guard (64...20000).contains(size) else { throw CLIError.usage("--size must be 64–20000") }
        let store = Context.store
        let photo = try Runner.read { project in try project.detail(SlideRef(ref)).photo }
        let path = try PreviewStore(cache: store.home.cacheFolder).preview(of: photo, size: size).path
        Output.line(path)
        _ = Context.openOnDisplay(path)
    }
}

/// `apolo cache stats | clear | rebuild`: the derived data shared by all projects.
struct CacheGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, clear or rebuild the metadata and thumbnail cache (derived data; no work is lost).",
        subcommands: [CacheStats.self, CacheClear.self, CacheRebuild.self])
}

struct CacheStats: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: CommandSpec.cacheStats.summary)
    @Flag(help: "Print JSON: {folder, files, thumbnails, bytes}.") var json = false

    struct Stats: Encodable {
        let folder: String
        let files, thumbnails, bytes: Int
    }

    func run() throws {
        let folder = Context.store.home.cacheFolder
        var thumbnails = 0, bytes = 0
        for case let file as String in FileManager.default.enumerator(atPath: folder)
            ?? FileManager.DirectoryEnumerator()
        {
            let size = ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + file))?[.size] as? Int) ?? 0
            bytes += size
            let name = file.split(separator: "/").last ?? ""
            if file.hasPrefix("thumbs/") && name.hasSuffix(".jpg") && !name.hasPrefix(".") { thumbnails += 1 }
        }
        let files = FileManager.default.fileExists(atPath: folder) ? (try MetadataCache(folder: folder)).count() : 0
        let stats = Stats(folder: folder, files: files, thumbnails: thumbnails, bytes: bytes)
        if json { return try Output.json(stats) }
        Output.line("cache:      \(folder)")
        Output.line("files:      \(files) read and remembered")
        Output.line("thumbnails: \(thumbnails)")
        Output.line("size:       \(SlideShowCLI.bytes(bytes))")
    }
}

struct CacheClear: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: CommandSpec.cacheClear.summary)

    func run() throws {
        let folder = Context.store.home.cacheFolder
        if FileManager.default.fileExists(atPath: folder) { try FileManager.default.removeItem(atPath: folder) }
        Output.line("cleared \(folder); projects are untouched (thumbnails and facts are made again when needed)")
    }
}

struct CacheRebuild: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rebuild", abstract: CommandSpec.cacheRebuild.summary)

    func run() throws {
        try CacheClear().run()
        let store = Context.store
        var paths = Set<String>()
        for name in store.names() {
            if let project = try? store.load(name) { paths.formUnion(project.photos.values.map(\.path)) }
        }
        var pipeline = ImportPipeline()
        pipeline.cache = try MetadataCache(folder: store.home.cacheFolder)
        pipeline.thumbnails = ThumbnailStore(cache: store.home.cacheFolder)
        pipeline.sidecars = false
        let outcomes = pipeline.run(paths.sorted())
        let missing = outcomes.filter { if case .failed = $0 { return true } else { return false } }.count
        Output.line(
            "rebuilt the cache from \(paths.count - missing) originals"
                + (missing > 0 ? " (\(missing) missing or unreadable)" : ""))
    }
}
