import ApoloCore
import ApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Read-only copies of project documents for plugins and hooks (`cache/snapshots/NAME-REVISION.json`, mode
/// 0444): a plugin that writes to the file it was given damages only its copy. Each run gets a fresh copy
/// (so a damaged one is never handed on); older ones of the project are removed.
public struct Snapshots {
    public let store: ProjectStore

    public init(store: ProjectStore) { self.store = store }

    var folder: String { store.home.cacheFolder + "/snapshots" }

    /// The path of a snapshot of the project as it is now.
    public func snapshot(_ name: String) throws -> String {
        let project = try store.load(name)
        let path = folder + "/" + name + "-" + (project.revision ?? "legacy") + ".json"
        try MetadataCache.makeFolder(folder)
        removeOthers(of: name)
        // with a journal, the document on disk lacks its last changes: the copy is the project as loaded
        let journaled = access(store.home.journal(name), F_OK) == 0
        guard
            let bytes = journaled
                ? DocumentWriter.encode(project)
                : try SafeFile.read(store.home.document(name), limit: DocumentBytes.limit)
        else {
            throw StoreError.noProject(name, available: store.names())
        }
        try AtomicFile.write(bytes, to: path, durable: false)
        chmod(FileNames.bytes(of: path), 0o444)
        return path
    }

    /// Removes older snapshots of this project.
    private func removeOthers(of name: String) {
        for file in System.entries(atPath: folder) ?? [] {
            let stem = file.hasSuffix(".json") ? String(file.dropLast(5)) : ""
            if stem.hasPrefix(name + "-"), Project.isValidRevision(String(stem.dropFirst(name.count + 1))) {
                unlink(FileNames.bytes(of: folder + "/" + file))
            }
        }
    }
}
