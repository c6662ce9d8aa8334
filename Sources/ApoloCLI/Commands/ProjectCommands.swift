import ApoloCommands
import ApoloCore
import ApoloStore
import ApoloEngine
import ArgumentParser

/// `apolo project …`: several named projects, one open at a time.
struct ProjectGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project", abstract: "Create, open, list, copy, rename and discard projects.",
        subcommands: [
            ProjectNew.self, ProjectOpen.self, ProjectList.self, ProjectShow.self, ProjectSaveAs.self,
            ProjectRename.self, ProjectDiscard.self, ProjectCheckCLI.self
        ])
}

struct ProjectNew: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: CommandSpec.projectNew.summary)
    @Argument(help: "Project name: no '/', no leading '.', at most 100 characters.") var name: String

    func run() throws {
        Output.line(try Context.engine.create(name))
    }
}

struct ProjectOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: CommandSpec.projectOpen.summary,
        discussion: prose(
            """
            Opening a name that does not exist yet creates an empty project with it, and says so; a name one or two
            typing slips away from an existing project is refused with a suggestion instead (apolo project new NAME
            creates it on purpose).
            """))
    @Argument(completion: Completions.projects) var name: String

    func run() throws {
        Output.line(try Context.engine.open(name))
    }
}

struct ProjectList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.projectList.summary)
    @Flag(help: "Print JSON: [{name, open, photos, shelves, albums, problem?}].") var json = false

    func run() throws {
        let rows = try Context.engine.projects()
        if json { return try Output.json(rows) }
        if rows.isEmpty { return Output.line("no projects yet; create one with: apolo project new NAME") }
        Output.table(
            ["", "PROJECT", "PHOTOS", "SHELVES", "ALBUMS"],
            rows.map {
                [
                    $0.open ? "*" : "", $0.name, $0.photos.map(String.init) ?? "unreadable",
                    $0.shelves.map(String.init) ?? "-", $0.albums.map(String.init) ?? "-"
                ]
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
        // the document's own bytes: JSON for plugins, with no human escaping applied to it
        if json { return Output.writeStdout(try DocumentCodec.encode(project)) }
        let table = project.photos.count(discarded: false, excluding: project.placedIDs)
        Output.line("project \(project.name)\(name == (try store.currentName()) ? " (open)" : "")")
        Output.line("document:  \(store.home.document(name))")
        Output.line(
            "photos:    \(project.photos.count) (table \(table), discarded \(project.photos.count(discarded: true)))")
        let shelves = project.shelves.map { "\($0.name) (\($0.slides.count))" }.joined(separator: ", ")
        Output.line("shelves:   \(shelves.isEmpty ? "none" : shelves)")
        let albums = project.albums.map { "\($0.name) (\($0.slides.count))" }.joined(separator: ", ")
        Output.line("albums:    \(albums.isEmpty ? "none" : albums)")
        Output.line("tags:      \(project.tagCounts.count)")
    }
}

struct ProjectSaveAs: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "save-as", abstract: CommandSpec.projectSaveAs.summary)
    @Argument var name: String

    func run() throws {
        Output.line(try Context.engine.saveAs(name))
    }
}

struct ProjectRename: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: CommandSpec.projectRename.summary)
    @Argument(completion: Completions.projects) var old: String
    @Argument var new: String

    func run() throws {
        Output.line(try Context.engine.rename(old, to: new))
    }
}

struct ProjectDiscard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: CommandSpec.projectDiscard.summary)
    @Argument(completion: Completions.projects) var name: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        let engine = Context.engine
        do {
            Output.line(
                try engine.discard(
                    name,
                    confirmed: yes))
        } catch EngineError.needsConfirmation(let question, let command, _) {
            try Runner.confirm(question, yes: false, command: command)
            Output.line(try engine.discard(name, confirmed: true))
        }
    }
}

/// Counts shown by `project open` and `project show`.
