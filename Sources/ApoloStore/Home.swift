import Foundation

/// Where apolo keeps its data: `APOLO_HOME`, else `$XDG_DATA_HOME/apolo`, else `~/.local/share/apolo`.
///
/// Layout: `projects/NAME.json` (one document per project), `projects/.NAME.lock` (lock files),
/// `current` (the open project's name).
public struct Home: Sendable, Equatable {
    public let root: String

    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// The home named by the environment.
    public init(environment: [String: String]) {
        if let home = environment["APOLO_HOME"], !home.isEmpty {
            self.init(root: home)
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            self.init(root: data + "/apolo")
        } else {
            self.init(root: (environment["HOME"] ?? "/tmp") + "/.local/share/apolo")
        }
    }

    public var projectsFolder: String { root + "/projects" }
    public var currentFile: String { root + "/current" }
    /// Derived data shared by all projects (metadata cache and thumbnails); safe to delete.
    public var cacheFolder: String { root + "/cache" }
    /// The lock of the project list: outside `projects/`, so no project's lock (`.NAME.lock`) can be it (a project
    /// named `apolo` waited for itself when this was `projects/.apolo.lock`).
    public var globalLock: String { root + "/projects.lock" }

    public func document(_ name: String) -> String { projectsFolder + "/" + Self.key(name) + ".json" }
    /// The changes the light table saved since the document was last written whole (see `Journal`).
    public func journal(_ name: String) -> String { projectsFolder + "/" + Self.key(name) + ".journal" }
    public func lockFile(_ name: String) -> String { projectsFolder + "/." + Self.key(name) + ".lock" }

    /// A project's name as its files are named: NFC, so `café` typed composed or decomposed is one project.
    public static func key(_ name: String) -> String { name.precomposedStringWithCanonicalMapping }
}
