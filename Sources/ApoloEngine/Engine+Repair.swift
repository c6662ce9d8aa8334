import ApoloCore
import ApoloStore
import Foundation

/// `project check` and `--repair` for every front end: the document read as it is (rules unchecked), its problems
/// listed, and the safe repairs saved as one transaction with a history step, so `undo` takes them back.
extension Engine {
    /// What a check found and, with repair, did.
    public struct Checked: Sendable {
        public let path: String
        public let problems: [String]
        /// One line per repair made (empty without `repair`, or when there was nothing to repair).
        public let repairs: [String]
        /// The copy of the document as it was before the repair.
        public let backup: String?
        /// The project as it is now (repaired, or as read).
        public let project: Project
    }

    /// Lists the document's problems; with `repair`, copies it to `NAME.json.bak-TIME`, then fixes what is safe
    /// in one undoable step. A document that is not JSON, or of a newer version, is refused in words.
    public func check(_ name: String, repair: Bool) throws -> Checked {
        _ = try Names.project(name)
        let path = store.home.document(name)
        return try store.withLock(name) {
            try? store.fold(name)  // the light table's last changes into the document checked (when it reads)
            guard let bytes = try AtomicFile.read(path) else {
                throw StoreError.noProject(name, available: store.names())
            }
            var project: Project
            do { project = try DocumentCodec.decodeUnchecked(bytes) } catch let error as DocumentProblem {
                let why = "\(error.text); it cannot be repaired automatically (restore a backup or fix it by hand)"
                throw StoreError.unreadable(path: path, problem: why)
            }
            project.name = name
            let problems = try ProjectCheck.problems(in: project)
            guard repair, !problems.isEmpty else {
                return Checked(path: path, problems: problems, repairs: [], backup: nil, project: project)
            }
            let backup = path + ".bak-\(Int(Date().timeIntervalSince1970))"
            try AtomicFile.write(bytes, to: backup)
            var (fixed, actions) = ProjectRepair.repair(project)
            fixed.name = name
            let left = try ProjectCheck.problems(in: fixed)
            guard left.isEmpty else {
                let why = "could not repair: \(left.joined(separator: "; ")); the document was left as it was"
                throw StoreError.unreadable(path: path, problem: why)
            }
            let summary = "repaired the document: " + actions.joined(separator: "; ")
            let saved = try commit(
                project, fixed, ProjectPatch.between(project, fixed), summary: Said(text: summary),
                command: "apolo project check \(name) --repair")
            return Checked(path: path, problems: problems, repairs: actions, backup: backup, project: saved)
        }
    }
}
