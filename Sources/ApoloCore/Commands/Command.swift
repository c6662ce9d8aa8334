/// What a registry entry does, which decides how the runner treats it.
public enum CommandKind: String, Sendable, Codable {
    /// Changes the open project through a pure `apply`; saved atomically.
    case edit
    /// Reads the project and prints; changes nothing.
    case query
    /// Manages project documents (new, open, rename …).
    case project
    /// Reads or writes files outside the project document (import, export).
    case effect
    /// Walks the undo history (undo, redo, history).
    case history
}

/// A registry entry: the name and one-line summary shared by `apolo commands`, `--help` and the docs. Its usage line
/// is the parser's, derived from the command's real arguments (`apolo commands`, `--help`, docs/commands.md).
public struct CommandSpec: Sendable, Equatable {
    public let name: String
    public let summary: String
    public let kind: CommandKind

    public init(_ name: String, _ summary: String, kind: CommandKind) {
        self.name = name
        self.summary = summary
        self.kind = kind
    }
}

/// A worked example of an edit: the command line, the project before and after (in sketch form), or the error it gives.
public struct Example: Sendable {
    public let line: String
    public let before: String
    public let after: String?
    public let error: String?
    public let edit: any Edit

    /// An example that succeeds, turning `before` into `after`.
    public init(_ line: String, _ edit: any Edit, before: String, after: String) {
        self.line = line
        self.edit = edit
        self.before = before
        self.after = after
        self.error = nil
    }

    /// An example that is refused with a message containing `error`, leaving the project unchanged.
    public init(_ line: String, _ edit: any Edit, before: String, error: String) {
        self.line = line
        self.edit = edit
        self.before = before
        self.after = nil
        self.error = error
    }
}

/// A command that changes a project: a value holding its parsed arguments, with a pure `apply`.
public protocol Edit: Sendable, Equatable {
    static var spec: CommandSpec { get }
    static var examples: [Example] { get }
    /// Applies the change, or throws a `CoreError` and leaves `project` as it was; returns a one-line summary.
    func apply(to project: inout Project) throws -> Said
    /// True for edits that may ask for confirmation (the runner reads the project before locking only for these).
    static var destructive: Bool { get }
    /// A question to confirm before a destructive change (nil when none is needed).
    func confirmation(in project: Project) -> String?
}

extension Edit {
    /// True when `other` is the same edit with the same arguments.
    public func isSame(as other: any Edit) -> Bool { (other as? Self) == self }

    public static var destructive: Bool { false }
    public func confirmation(in project: Project) -> String? { nil }

    /// Applies to a copy, so a throwing `apply` can never leave a half-changed project.
    public func applied(to project: Project) throws -> (Project, Said) {
        var copy = project
        let message = try apply(to: &copy)
        return (copy, message)
    }
}
