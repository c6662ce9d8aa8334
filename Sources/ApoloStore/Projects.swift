import ApoloCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Operations on whole projects: create, copy, rename, discard. One lock order everywhere: the home's lock (the set
/// of projects) first, then the projects' own, so two of these racing never wait on each other in a circle.
extension ProjectStore {
    /// What reviewers did through a project's shares.
    public func picks(_ name: String) -> ShareLog { ShareLog(home: home, project: name) }

    /// The undo history of a project (a copy made by save-as starts with an empty one).
    public func history(_ name: String) -> HistoryLog {
        HistoryLog(home: home, project: name, limit: historyLimit)
    }

    /// Creates an empty project document; throws when the name is invalid or taken.
    public func create(_ raw: String) throws -> Project {
        let name = Home.key(try Names.project(raw))
        return try withHomeLock {
            guard !exists(name) else { throw StoreError.projectExists(name) }
            var project = Project(name: name)
            project.revision = HistoryLog.newRevision()
            try withLock(name) {
                let log = history(name)
                for stale in [log.path, log.positionPath] { unlink(FileNames.bytes(of: stale)) }
                try save(project)
            }
            return project
        }
    }

    /// Saves a copy of project `source` (as its document is now) under a new name.
    public func saveAs(_ source: String, name raw: String) throws -> Project {
        let name = Home.key(try Names.project(raw))
        return try withHomeLock {
            guard !exists(name) else { throw StoreError.projectExists(name) }
            var copy = try withLock(source) { try load(source) }
            copy.name = name
            try withLock(name) { try save(copy) }
            return copy
        }
    }

    /// Renames a project's document (and the open-project pointer when it names it).
    public func rename(_ old: String, to raw: String) throws {
        let name = Home.key(try Names.project(raw))
        try withHomeLock {
            guard exists(old) else { throw StoreError.noProject(old, available: names()) }
            guard !exists(name) else { throw StoreError.projectExists(name) }
            try withLock(old) {
                var project = try load(old)
                project.name = name
                try withLock(name) { try save(project) }
                let (from, to) = (history(old), history(name))
                Glibc.rename(from.path, to.path)
                Glibc.rename(from.positionPath, to.positionPath)
                Glibc.rename(picks(old).path, picks(name).path)
                unlink(home.document(old))
                unlink(home.journal(old))
                unlink(home.lockFile(old))
            }
            if try currentName() == old { try setCurrent(name) }
        }
    }

    /// Deletes a project document (photos on disk are never touched); refuses the open project.
    public func discard(_ name: String) throws {
        try withHomeLock {
            guard exists(name) else { throw StoreError.noProject(name, available: names()) }
            if try currentName() == name {
                throw StoreError.refused(
                    "'\(name)' is the open project; open another one first (apolo project open NAME)")
            }
            try withLock(name) {
                guard unlink(home.document(name)) == 0 else {
                    throw StoreError.io(path: home.document(name), problem: "cannot delete: \(errnoText())")
                }
            }
            unlink(home.journal(name))
            unlink(home.lockFile(name))
            unlink(history(name).path)
            unlink(history(name).positionPath)
            unlink(picks(name).path)
        }
    }
}
