/// apolo's one error model: every error of its own layers says what kind of failure it is, and each kind has one
/// exit code (the CLI) and one HTTP status (the light table). The message says what was wrong and what to do.
public protocol ApoloFailure: Error, Sendable {
    var failure: FailureKind { get }
    /// What was wrong and what to do, in one line.
    var message: String { get }
    /// The same as a message of the catalogue, for a reader of another language or the page (default: `message`).
    var said: Said { get }
}

extension ApoloFailure {
    public var said: Said { Said(text: message) }
}

/// The kinds of failure, with their exit codes (docs/reference.md, "Exit codes") and HTTP statuses.
public enum FailureKind: String, Sendable, CaseIterable {
    /// A malformed command or request: an unknown command or option, a missing or bad argument.
    case usage
    /// A value the rules refuse: a bad name, a locked album, a missing confirmation, a rule of the document.
    case refused
    /// A name, place, photo or project that does not exist.
    case notFound
    /// The state changed under the request (another window, the command line), or a name is taken.
    case conflict
    /// Another apolo process holds the project's lock for too long (a long command); try again.
    case busy
    /// A document, cache or folder cannot be read or written.
    case storage
    /// The disk is full.
    case noSpace
    /// Import or export finished, but some files failed (each was reported).
    case partial
    /// Ctrl-C: what finished was saved.
    case interrupted

    /// The CLI's exit code; only usage errors exit 2.
    public var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .refused, .notFound, .conflict: 1
        case .partial: 3
        case .busy, .storage, .noSpace: 4
        case .interrupted: 130
        }
    }

    /// The light table's HTTP status for it.
    public var httpStatus: Int {
        switch self {
        case .usage: 400
        case .refused: 422
        case .notFound: 404
        case .conflict: 409
        case .busy: 423
        case .storage: 503
        case .noSpace: 507
        case .partial: 207
        case .interrupted: 503
        }
    }
}

extension CoreError: ApoloFailure {
    public var failure: FailureKind {
        switch kind {
        case .notFound: .notFound
        case .conflict: .conflict
        case .invalid, .locked, .ambiguous, .empty: .refused
        }
    }
}

extension FailureKind {
    /// `.noSpace` when a system error's words say the disk is full (ENOSPC, EDQUOT), else `.storage`.
    public static func storage(_ problem: String) -> FailureKind {
        let text = problem.lowercased()
        return text.contains("no space left on device") || text.contains("disk quota exceeded") ? .noSpace : .storage
    }
}
