import ApoloCore
import Foundation

/// What `apolo history` shows of one step, and the two document revisions it joins.
public struct HistoryEntry: Codable, Equatable, Sendable {
    /// The command as typed, e.g. `apolo rate best:1 5`.
    public let command: String
    /// When it ran, ISO 8601 UTC.
    public let date: String
    /// The command's one-line summary of its effect.
    public let summary: String
    /// The document's revision before and after the step (nil in logs written before revisions existed).
    public var from: String?
    public var to: String?
    /// The summary as messages of the catalogue, so it can be said in another language (nil: only `summary`).
    public var said: Said?
    /// Who made the step, when not the owner: a person invited to the light table (`serve --invite`).
    public var by: String?

    public init(
        command: String, date: String, summary: String, said: Said? = nil, from: String? = nil,
        to: String? = nil, by: String? = nil
    ) {
        self.by = by
        self.command = command
        self.date = date
        self.summary = summary
        self.said = said
        self.from = from
        self.to = to
    }

    /// The summary as a message (plain English text for a step written before the catalogue).
    public var told: Said { said ?? Said(text: summary) }
}

/// A project's undo history: `NAME.history.jsonl`, one step a line (entry JSON, a tab, patch JSON).
///
/// Every step names the document revision it starts from and the one it leads to, and every save gives the
/// document a new random revision, so the history is bound to its document: the applied steps are those up to
/// the one leading to the document's revision. The log is written before the document and reconciled with it
/// under the project's lock, so after a crash or a full disk at any instant `undo` reverses exactly the newest
/// change present in the document: a step whose document was never saved is dropped, a half-written line is cut
/// off, a damaged line is skipped with a warning, and a log that belongs to another document (a project deleted
/// by hand and made again) is set aside. `NAME.history.position` (`v2 REVISION TIP BYTES`) is only a hint:
/// it lets an edit append without reading the log, and says how far the redo branch really reaches.
/// Only the document is flushed to disk; a power cut may lose the newest undo steps, never the work.
public struct HistoryLog {
    public let path: String
    public let positionPath: String
    public let limit: Int

    public init(home: Home, project: String, limit: Int) {
        path = home.projectsFolder + "/" + Home.key(project) + ".history.jsonl"
        positionPath = home.projectsFolder + "/" + Home.key(project) + ".history.position"
        self.limit = max(1, limit)
    }

    /// One line of the log.
    public struct Step: Sendable {
        /// Where the line starts in the file, and its bytes (without the newline).
        public let offset: Int
        public let line: ArraySlice<UInt8>
        /// nil when the line is damaged.
        public let entry: HistoryEntry?
        public var from: String { entry?.from ?? "" }
        public var to: String { entry?.to ?? "" }
    }

    /// The log placed against a document: its steps, how many are applied, and what had to be repaired.
    public struct State: Sendable {
        public var steps: [Step]
        public var position: Int
        public var warnings: [String]
        /// Bytes of the log as kept.
        public var size: Int
        /// The document's revision as the log names it (`legacy:N` for a document older than revisions).
        public var revision: String
        /// True when some lines predate revisions (their revisions are derived from their place).
        var legacy: Bool
    }

    /// The hint file: the revision it was written for, the redo tip, and the log's size and step count then.
    struct Hint: Equatable {
        var revision: String
        var tip: String
        var bytes: Int
        var count: Int
    }

    /// A new random revision for a document about to be saved.
    public static func newRevision() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
