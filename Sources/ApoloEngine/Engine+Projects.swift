import ApoloCore
import ApoloStore

/// Projects as a whole: listed, opened, made, copied, renamed and discarded, for the CLI and the light table
/// alike. Each returns the sentence a front end shows.
extension Engine {
    /// One project in a list; counts are nil (and `problem` says why) when its document cannot be read.
    public struct ProjectRow: Encodable, Sendable {
        public let name: String
        public let open: Bool
        public let photos: Int?
        public let shelves: Int?
        public let albums: Int?
        public let problem: String?
    }

    /// Every project, alphabetical; one that cannot be read is a row that says why.
    public func projects() throws -> [ProjectRow] {
        let current = try store.currentName()
        return store.names().map { name in
            do {
                let p = try store.load(name)
                return ProjectRow(
                    name: name, open: name == current, photos: p.photos.count, shelves: p.shelves.count,
                    albums: p.albums.count, problem: nil)
            } catch {
                return ProjectRow(
                    name: name, open: name == current, photos: nil, shelves: nil, albums: nil,
                    problem: "\(error)")
            }
        }
    }

    /// Makes an empty project and opens it.
    public func create(_ name: String) throws -> String {
        let project = try store.create(name)
        try store.setCurrent(project.name)
        return "created project '\(project.name)' and opened it (\(store.home.document(project.name)))"
    }

    /// Opens `name`; a name not in use makes a new project, unless it is a typing slip of an existing one.
    public func open(_ name: String) throws -> String {
        let name = try Names.project(name)
        if store.exists(name) {
            let project = try store.load(name)
            try store.setCurrent(name)
            return "opened project '\(name)': \(Self.sentence(project))"
        }
        if let close = Names.closest(to: name, among: store.names()) {
            throw CoreError(
                .notFound,
                "no project named '\(name)'; did you mean '\(close)'? use 'apolo project new \(name)' to create it")
        }
        _ = try store.create(name)
        try store.setCurrent(name)
        return "created new project '\(name)' and opened it (it did not exist yet)"
    }

    /// Copies the open project to `name` (history not included) and opens the copy.
    public func saveAs(_ name: String) throws -> String {
        let current = try store.requireCurrent()
        let copy = try store.saveAs(current, name: name)
        try store.setCurrent(copy.name)
        return "saved '\(current)' as '\(copy.name)'; '\(copy.name)' is now open"
    }

    public func rename(_ old: String, to new: String) throws -> String {
        try store.rename(old, to: new)
        return "renamed project '\(old)' to '\(new)'"
    }

    /// Discards a project's document and history (never a photo file); `confirmed` as for a destructive edit.
    public func discard(_ name: String, confirmed: Bool) throws -> String {
        guard store.exists(name) else { throw StoreError.noProject(name, available: store.names()) }
        if !confirmed {
            let count = (try? store.load(name)).map { "\($0.photos.count) photos" } ?? "unreadable document"
            throw EngineError.needsConfirmation(
                "discard project '\(name)' (\(count); the photo files are not touched)?",
                command: "project discard", label: nil)
        }
        try store.discard(name)
        return "discarded project '\(name)'; no photo files were touched"
    }

    /// `N photos, T on the table, S shelves, A albums`.
    public static func sentence(_ project: Project) -> String {
        let table = project.photos.count(discarded: false, excluding: project.placedIDs)
        let (n, s, a) = (project.photos.count, project.shelves.count, project.albums.count)
        return
            """
            \(n) photo\(n == 1 ? "" : "s"), \(table) on the table, \(s) shel\(s == 1 ? "f" : "ves"), \(a) \
            album\(a == 1 ? "" : "s")
            """
    }
}
