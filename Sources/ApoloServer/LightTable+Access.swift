import ApoloCore
import HTTPTypes
import Hummingbird

/// Who may call what: each concern lists its routes with the least role each needs, and registers them through a
/// `Registrar`, which refuses a route not listed and a listed one left without a handler (so the role matrix test,
/// generated from `routes`, cannot miss one).
extension LightTable {
    /// What a route needs.
    public enum Access: String, Sendable, CaseIterable {
        /// The page's own files: no project data, no key.
        case page
        /// Read the light table: the owner, a culler, an invited reviewer.
        case viewer
        /// Change the table and shelves: the owner or a culler.
        case culler
        /// Projects, exports, ingest: the owner only.
        case owner
        /// A share's link key in the request's body (it opens a reviewer's session).
        case link
        /// A reviewer's session of the share named in the path.
        case reviewer
    }

    /// One route: its method, its path as Hummingbird matches it, and what it needs.
    public struct RouteSpec: Sendable, Hashable {
        public let method: HTTPRequest.Method
        public let path: String
        public let access: Access
    }

    /// Every route of the light table but the page's files (each of those is `.page`), concern by concern.
    public static var routes: [RouteSpec] { concerns.flatMap { $0.routes } }

    /// Refuses a caller the access does not admit, in words (403; a reviewer's own checks come later).
    func admit(_ caller: Caller, to access: Access) throws {
        switch (access, caller) {
        case (.page, _), (.link, _), (.reviewer, _): return
        case (_, .owner): return
        case (.viewer, .person): return
        case (.culler, .person(let person)) where person.role == .culler: return
        case (_, .person(let person)):
            throw HTTPFailure(
                status: .forbidden,
                message: "\(person.name) is invited as a \(person.role.rawValue): "
                    + (access == .culler
                        ? "only the owner and cullers change the project"
                        : "only the owner works with projects, exports, ingest and shares"))
        case (_, .nobody):
            throw HTTPFailure(
                status: .forbidden,
                message: "open the light table with the address apolo serve printed "
                    + "(it carries the access token)")
        }
    }
}

/// Who sent a request, as the gate found from its token.
public enum Caller: Sendable, Equatable {
    case owner
    case person(Invitee)
    case nobody

    /// The person's name (nil for the owner and for nobody).
    public var name: String? {
        if case .person(let person) = self { return person.name }
        return nil
    }
}

/// Someone the owner invited (`apolo serve --invite NAME --role culler|reviewer`), with their own link's token.
public struct Invitee: Sendable, Equatable {
    public enum Role: String, Sendable, CaseIterable {
        /// Edits the table and shelves like the owner (not projects, exports or shares).
        case culler
        /// Sees the light table and changes nothing.
        case reviewer
    }

    public let name: String
    public let role: Role
    public let token: String

    public init(name: String, role: Role, token: String) {
        (self.name, self.role, self.token) = (name, role, token)
    }
}
