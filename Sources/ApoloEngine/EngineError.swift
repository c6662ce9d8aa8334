import ApoloCore

/// The one error type of the transaction layer: why a transaction was refused; nothing was saved.
public enum EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A destructive edit needs the user's confirmation (the front end asks, or says how to give it).
    case needsConfirmation(String, command: String, label: String?)
    /// The result breaks a rule of the document, so it was not saved.
    case invalidResult([String])
    /// The document changed since the front end last saw it (another tab, the command line): nothing was done.
    case stale
    /// An undo or redo step cannot be used: its line is damaged, or the document was changed outside apolo.
    case historyRefused(String)
    /// A `pre-*` hook refused the command: the event and the hook's reason.
    case hookRefused(String, String)
    /// Ctrl-C stopped the command (what finished was saved): what was stopped.
    case interrupted(String)

    public var description: String {
        switch self {
        case .needsConfirmation(let question, let command, let label):
            let what = question.prefix { $0 != "?" }
            if let label {
                return "\(label): \(what) needs --yes on that line (or apolo run --yes); nothing was changed"
            }
            return
                "\(what) needs confirmation and there is no terminal to ask on: pass --yes (apolo \(command) … --yes)"
        case .invalidResult(let problems):
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            return "the result would break a rule of the document: \(problems[0])\(more); nothing was changed"
        case .historyRefused(let message):
            return message
        case .hookRefused(let event, let reason):
            return "the \(event) hook stopped the command: \(reason)"
        case .interrupted(let what):
            return "interrupted: \(what)"
        case .stale:
            return Said("error.stale", []).text()
        }
    }
}

extension EngineError: ApoloFailure {
    public var failure: FailureKind {
        switch self {
        case .stale: .conflict
        case .interrupted: .interrupted
        default: .refused
        }
    }
    public var message: String { description }

    /// The refusal as a message of the catalogue where it has one.
    public var said: Said { self == .stale ? Said("error.stale", []) : Said(text: description) }
}
