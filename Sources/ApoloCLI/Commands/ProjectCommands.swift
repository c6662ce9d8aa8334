import ApoloCore
import ApoloStore
import ArgumentParser

/// `apolo project …`: several named projects, one open at a time.
struct ProjectGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project", abstract: "Create, open, list, copy, rename and discard projects.",
        subcommands: [ProjectNew.self, ProjectOpen.self, ProjectList.self, ProjectShow.self, ProjectSaveAs.self, ProjectRename.self, ProjectDiscard.self, ProjectCheckCLI.self])
}

struct ProjectNew: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: CommandSpec.projectNew.summary)
    @Argument(help: "Project name: no '/', no leading '.', at most 100 characters.") var name: String

    func run() throws {
        let store = Context.store
        let project = try store.create(name)
        try store.setCurrent(project.name)
        Output.line("created project '\(project.name)' and opened it (\(store.home.document(project.name)))")
    }
}

struct ProjectOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: CommandSpec.projectOpen.summary,
        discussion: """
            Opening a name that does not exist yet creates an empty project with it, and says so; a name one or two
            typing slips away from an existing project is refused with a suggestion instead (apolo project new NAME
            creates it on purpose).
            """)
    @Argument(completion: Completions.projects) var name: String

    func run() throws {
        let store = Context.store
        let name = try Names.project(name)
        if store.exists(name) {
            let project = try store.load(name)
            try store.setCurrent(name)
            Output.line("opened project '\(name)': \(ProjectSummary(project).sentence)")
        } else {
            if let close = Names.closest(to: name, among: store.names()) {
                throw CoreError(.notFound, "no project named '\(name)'; did you mean '\(close)'? use 'apolo project new \(name)' to create it")
            }
            _ = try store.create(name)
            try store.setCurrent(name)
            Output.line("created new project '\(name)' and opened it (it did not exist yet)")
        }
    }
}

struct ProjectList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.projectList.summary)
    @Flag(help: "Print JSON: [{name, open, photos, shelves, albums, problem?}].") var json = false

    struct Row: Encodable {
        let name: String
        let open: Bool
        let photos: Int?
        let shelves: Int?
        let albums: Int?
        let problem: String?
    }

    func run() throws {
        let store = Context.store
        let current = try store.currentName()
        let rows: [Row] = store.names().map { name in
            do {
                let p = try store.load(name)
                return Row(name: name, open: name == current, photos: p.photos.count, shelves: p.shelves.count, albums: p.albums.count, problem: nil)
            } catch {
                return Row(name: name, open: name == current, photos: nil, shelves: nil, albums: nil, problem: "\(error)")
            }
        }
        if json { return try Output.json(rows) }
        if rows.isEmpty { return Output.line("no projects yet; create one with: apolo project new NAME") }
        Output.table(["", "PROJECT", "PHOTOS", "SHELVES", "ALBUMS"], rows.map {
            [$0.open ? "*" : "", $0.name, $0.photos.map(String.init) ?? "unreadable", $0.shelves.map(String.init) ?? "-", $0.albums.map(String.init) ?? "-"]
        }, right: [2, 3, 4])
    }
}

struct ProjectShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: CommandSpec.projectShow.summary)
    @Argument(help: "A project name (default: the open project).", completion: Completions.projects) var name: String?
    @Flag(help: "Print the whole project document (the same JSON as the file).") var json = false

    func run() throws {
        let store = Context.store
        let name = try self.name ?? store.requireCurrent()
        let project = try store.load(name)
        if json { return Output.line(String(decoding: try DocumentCodec.encode(project).dropLast(), as: UTF8.self)) }
        let summary = ProjectSummary(project)
        Output.line("project \(project.name)\(name == (try store.currentName()) ? " (open)" : "")")
        Output.line("document:  \(store.home.document(name))")
        Output.line("photos:    \(project.photos.count) (table \(summary.table), discarded \(summary.discarded))")
        Output.line("shelves:   \(project.shelves.isEmpty ? "none" : project.shelves.map { "\($0.name) (\($0.slides.count))" }.joined(separator: ", "))")
        Output.line("albums:    \(project.albums.isEmpty ? "none" : project.albums.map { "\($0.name) (\($0.slides.count))" }.joined(separator: ", "))")
        Output.line("tags:      \(project.tagCounts.count)")
    }
}

struct ProjectSaveAs: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "save-as", abstract: CommandSpec.projectSaveAs.summary)
    @Argument var name: String

    func run() throws {
        let store = Context.store
        let current = try store.requireCurrent()
        let copy = try store.withLock(current) { try store.saveAs(try store.load(current), name: name) }
        try store.setCurrent(copy.name)
        Output.line("saved '\(current)' as '\(copy.name)'; '\(copy.name)' is now open")
    }
}

struct ProjectRename: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: CommandSpec.projectRename.summary)
    @Argument(completion: Completions.projects) var old: String
    @Argument var new: String

    func run() throws {
        try Context.store.rename(old, to: new)
        Output.line("renamed project '\(old)' to '\(new)'")
    }
}

struct ProjectDiscard: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "discard", abstract: CommandSpec.projectDiscard.summary)
    @Argument(completion: Completions.projects) var name: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        let store = Context.store
        guard store.exists(name) else { throw StoreError.noProject(name, available: store.names()) }
        let count = (try? store.load(name)).map { "\($0.photos.count) photos" } ?? "unreadable document"
        try Runner.confirm("discard project '\(name)' (\(count); the photo files are not touched)?", yes: yes, command: "project discard")
        try store.discard(name)
        Output.line("discarded project '\(name)'; no photo files were touched")
    }
}

/// Counts shown by `project open` and `project show`.
struct ProjectSummary {
    let table: Int
    let discarded: Int
    let sentence: String

    init(_ project: Project) {
        table = project.photos.count(discarded: false, excluding: project.placedIDs)
        discarded = project.photos.count(discarded: true)
        let n = project.photos.count
        sentence = "\(n) photo\(n == 1 ? "" : "s"), \(table) on the table, \(project.shelves.count) shel\(project.shelves.count == 1 ? "f" : "ves"), \(project.albums.count) album\(project.albums.count == 1 ? "" : "s")"
    }
}
