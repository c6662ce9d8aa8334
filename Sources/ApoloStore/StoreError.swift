import ApoloCore
/// The one error type of ApoloStore: a project document or the home folder could not be used.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No project is open.
    case noOpenProject(available: [String])
    /// No project has this name.
    case noProject(String, available: [String])
    /// A project with this name exists already.
    case projectExists(String)
    /// The document exists but cannot be used; it is left untouched.
    case unreadable(path: String, problem: String)
    /// Another process holds the project's lock for too long.
    case busy(project: String, seconds: Double)
    /// A file-system call failed.
    case io(path: String, problem: String)
    /// A refused operation on projects (e.g. discarding the open one).
    case refused(String)

    public var description: String {
        switch self {
        case .noOpenProject(let available):
            let hint =
                available.isEmpty
                ? "create one with: apolo project new NAME"
                : "open one with: apolo project open NAME (projects: \(available.joined(separator: ", ")))"
            return "no project is open; \(hint)"
        case .noProject(let name, let available):
            let list =
                available.isEmpty ? "there are no projects yet" : "projects: " + available.joined(separator: ", ")
            return "no project named '\(name)' (\(list))"
        case .projectExists(let name):
            return "a project named '\(name)' already exists; open it with: apolo project open \(name)"
        case .unreadable(let path, let problem):
            return "cannot read project document \(path): \(problem); the file was left untouched"
        case .busy(let project, let seconds):
            return Said("error.busy", "\(project)", .number(Int(seconds))).text()
        case .io(let path, let problem):
            return "\(path): \(problem)"
        case .refused(let message):
            return message
        }
    }
}

extension StoreError: ApoloFailure {
    public var failure: FailureKind {
        switch self {
        case .noOpenProject, .noProject: .notFound
        case .projectExists: .conflict
        case .unreadable: .storage
        case .busy: .busy
        case .io(_, let problem): .storage(problem)
        case .refused: .refused
        }
    }

    public var message: String { description }

    /// A busy project as a message of the catalogue; the others in English.
    public var said: Said {
        guard case .busy(let project, let seconds) = self else { return Said(text: description) }
        return Said("error.busy", "\(project)", .number(Int(seconds)))
    }
}
