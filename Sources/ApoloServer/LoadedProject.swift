import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The last project loaded or saved, with the document version it is (the engine's memory), and the places of
/// the last two revisions shown; shared by the server's requests.
final class LoadedProject: ProjectMemory, Sendable {
    private let store: ProjectStore
    private let kept = Locked<(version: String, project: Project?)>(("", nil))
    private let views = Locked<[PlacesView]>([])
    private let steps = Locked<(key: String, steps: [HistoryEntry?], position: Int)?>(nil)
    private let loading = NSLock(), placing = NSLock()

    /// Seconds without a change after which a project's journal is folded into its document (see `saved`).
    private let foldAfter: Double
    private let changes = Locked<Int>(0)
    /// Runs work after some seconds: the dispatch queue's timer (a test puts its own clock here).
    let later = Locked<@Sendable (Double, @escaping @Sendable () -> Void) -> Void>({ seconds, work in
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + seconds, execute: work)
    })

    init(store: ProjectStore, foldAfter: Double = 10) {
        self.store = store
        self.foldAfter = foldAfter
    }

    /// Names the document as it is on disk, with its journal: every whole save renames a new file into place, so its
    /// inode, time and size change, and every change saved in the journal makes it longer. A fold changes the files
    /// but not the project: it keeps the version it had (the page reloads nothing).
    func version(_ name: String) -> String {
        var info = stat()
        guard stat(FileNames.bytes(of: store.home.document(name)), &info) == 0 else { return "missing" }
        let journal = Self.stamp(store.home.journal(name))
        let files = "\(name)-\(info.st_ino)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(info.st_size)-\(journal)"
        return folded.withLock { $0?.files == files ? $0?.version : nil } ?? files
    }

    /// The files a fold left and the version they had before it.
    private let folded = Locked<(files: String, version: String)?>(nil)

    /// The project as loaded for its document's version; requests arriving while it loads wait for that load
    /// (two loads of a 23 MiB document at once would double the server's peak).
    func project(_ name: String, load: () throws -> Project) throws -> Project {
        if let project = current(name) { return project }
        loading.lock()
        defer { loading.unlock() }
        if let project = current(name) { return project }
        let version = version(name), fresh = try load()
        kept.withLock { $0 = (version, fresh) }
        return fresh
    }

    private func current(_ name: String) -> Project? {
        let known = kept.value
        return version(name) == known.version ? known.project : nil
    }

    /// Keeps the project just saved; when it was saved as a journal line, the document is written whole once no
    /// change has come for `foldAfter` seconds, so a tool reading the JSON (`jq`, a backup) soon sees every change.
    func saved(_ project: Project) {
        let version = version(project.name)
        kept.withLock { $0 = (version, project) }
        let change = changes.withLock {
            $0 += 1
            return $0
        }
        guard access(store.home.journal(project.name), F_OK) == 0 else { return }
        later.value(foldAfter) { [self] in
            if changes.value == change { fold(project.name) }
        }
    }

    /// Writes the kept project whole and drops its journal, when the kept project is still the one on disk.
    private func fold(_ name: String) {
        try? store.withLock(name) {
            guard let project = current(name), access(store.home.journal(name), F_OK) == 0 else { return }
            let before = version(name)
            try store.save(project)
            folded.withLock { $0 = nil }
            let files = version(name)
            folded.withLock { $0 = (files, before) }
            kept.withLock { $0 = (before, project) }
        }
    }

    /// The places of `project`, made once per revision (`known` when the caller already has them).
    func view(of project: Project, or known: PlacesView? = nil) -> PlacesView {
        if let known = view(revision: project.revision ?? "") { return known }
        placing.lock()
        defer { placing.unlock() }
        if let made = view(revision: project.revision ?? "") { return made }
        let view = known ?? PlacesView(project)
        views.withLock { $0 = [view] + $0.prefix(1) }
        return view
    }

    /// The undo history's steps and position at `revision`, read again only when the document's revision or the
    /// log changed: the log can be tens of megabytes (an import of 50,000 photos is one line of it), and the page
    /// asks for the names of undo and redo with every state.
    func history(
        _ name: String, revision: String,
        read: () throws -> (steps: [HistoryEntry?], position: Int)
    ) throws -> ([HistoryEntry?], Int) {
        let log = HistoryLog(home: store.home, project: name, limit: 1)
        let key = [revision, Self.stamp(log.path), Self.stamp(log.positionPath)].joined(separator: " ")
        if let known = steps.value, known.key == key { return (known.steps, known.position) }
        let fresh = try read()
        steps.withLock { $0 = (key, fresh.steps, fresh.position) }
        return (fresh.steps, fresh.position)
    }

    /// A file's identity and state: inode, change time and size ("-" when it is missing).
    private static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(FileNames.bytes(of: path), &info) == 0 else { return "-" }
        return "\(info.st_ino)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(info.st_size)"
    }

    /// The places shown at `revision`, if they are still known.
    func view(revision: String) -> PlacesView? {
        views.value.first { $0.revision == revision && !revision.isEmpty }
    }
}
