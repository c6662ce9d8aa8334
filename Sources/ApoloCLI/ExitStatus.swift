import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloServer
import ApoloStore
import ArgumentParser
import Foundation

/// apolo's documented exit codes (docs/reference.md, "Exit codes").
public enum ExitStatus: Int32, Sendable {
    /// The command did what was asked.
    case success = 0
    /// Refused: a bad value, an unknown name, a conflict, a locked album, a missing confirmation; nothing changed.
    case refused = 1
    /// Usage: an unknown command or option, a missing or malformed argument.
    case usage = 2
    /// Partial: import or export finished, but some files failed (each was reported).
    case partial = 3
    /// Storage: a project document could not be read or written, the lock wait timed out, or an I/O error.
    case storage = 4
    /// Interrupted (Ctrl-C): what finished was saved.
    case interrupted = 130

    /// The status and one-line message for an error thrown by apolo's own layers (one model: the failure kind
    /// gives the code); nil for ArgumentParser's errors.
    static func classify(_ error: Error) -> (ExitStatus, String)? {
        if let error = error as? PartialFailure { return (error.status, error.summary) }
        guard let failure = error as? any ApoloFailure else { return nil }
        return (ExitStatus(rawValue: failure.failure.exitCode) ?? .refused, failure.message)
    }

    /// Any other error that is not the parser's: a storage problem, in words (never a raw Swift or Foundation dump).
    static func unexpected(_ error: Error) -> String {
        let ns = error as NSError
        let path = (ns.userInfo[NSFilePathErrorKey] as? String).map { "\($0.escaped): " } ?? ""
        let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
            return path + String(cString: strerror(Int32(posix.code))).lowercased()
        }
        if ns.domain == NSPOSIXErrorDomain { return path + String(cString: strerror(Int32(ns.code))).lowercased() }
        return path + "an unexpected \(type(of: error)) error (code \(ns.code)); nothing more is known"
    }
}

/// A command that finished but reported some failed files (or was interrupted).
struct PartialFailure: Error {
    let summary: String
    var status: ExitStatus = .partial
}
