import ApoloCore
import HTTPTypes
import Hummingbird

/// Who may call what: every route is listed here with the least role it needs, and registered through `add`, which
/// refuses a route not listed (so the role matrix test, generated from `routes`, cannot miss one).
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

    /// Every route of the light table but the page's files (each of those is `.page`).
    public static let routes: [RouteSpec] = [
        .init(method: .get, path: "/api/state", access: .viewer),
        .init(method: .get, path: "/api/version", access: .viewer),
        .init(method: .get, path: "/api/me", access: .viewer),
        .init(method: .get, path: "/api/history", access: .viewer),
        .init(method: .get, path: "/api/analysis", access: .viewer),
        .init(method: .get, path: "/api/missing", access: .viewer),
        .init(method: .get, path: "/api/reviews", access: .viewer),
        .init(method: .get, path: "/api/people", access: .viewer),
        .init(method: .get, path: "/api/stack/{id}", access: .viewer),
        .init(method: .get, path: "/thumb/{id}", access: .viewer),
        .init(method: .get, path: "/preview/{id}", access: .viewer),
        .init(method: .get, path: "/full/{id}", access: .viewer),
        .init(method: .get, path: "/api/captions", access: .culler),
        .init(method: .post, path: "/api/run", access: .culler),
        .init(method: .post, path: "/api/undo", access: .culler),
        .init(method: .post, path: "/api/redo", access: .culler),
        .init(method: .post, path: "/api/small-faces", access: .culler),
        .init(method: .post, path: "/api/people/group", access: .culler),
        .init(method: .get, path: "/api/projects", access: .owner),
        .init(method: .post, path: "/api/project", access: .owner),
        .init(method: .get, path: "/api/export", access: .owner),
        .init(method: .get, path: "/api/export/manifest", access: .owner),
        .init(method: .post, path: "/api/export", access: .owner),
        .init(method: .get, path: "/api/ingest", access: .owner),
        .init(method: .post, path: "/api/ingest", access: .owner),
        .init(method: .get, path: "/s/{share}/", access: .page),
        .init(method: .post, path: "/s/{share}/api/open", access: .link),
        .init(method: .get, path: "/s/{share}/api/state", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/me", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/pick", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/comment", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/submit", access: .reviewer),
        .init(method: .get, path: "/s/{share}/thumb/{id}", access: .reviewer),
        .init(method: .get, path: "/s/{share}/preview/{id}", access: .reviewer),
        .init(method: .get, path: "/s/{share}/download/{id}", access: .reviewer)
    ]

    /// Registers a listed route; the handler runs only for a caller the route's access admits.
    func add(
        _ router: Router<TableContext>, _ method: HTTPRequest.Method, _ path: String,
        _ handler: @escaping @Sendable (Request, TableContext) async throws -> Response
    ) {
        guard let spec = Self.routes.first(where: { $0.method == method && $0.path == path }) else {
            preconditionFailure("route \(method) \(path) is not in LightTable.routes")
        }
        router.on(RouterPath(path), method: method) { request, context in
            try admit(context.caller, to: spec.access)
            return try await handler(request, context)
        }
    }

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
