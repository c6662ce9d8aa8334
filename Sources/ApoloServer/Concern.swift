import ApoloCore
import ApoloEngine
import HTTPTypes
import Hummingbird

/// One concern of the light table — the table and its edits, analysis and faces, jobs, projects, shares — with its
/// own state and handlers, registered as one `RouterGroup` in which each route passes the middleware of its role.
protocol Concern: Sendable {
    /// What the concerns share: the engine, the loaded project, the threads for blocking work.
    var table: LightTable { get }
    /// Every route of the concern with the least role it needs (the role matrix test reads these).
    static var routes: [LightTable.RouteSpec] { get }
    /// Registers a handler for each of `routes`.
    func register(_ routes: Registrar)
}

extension Concern {
    var engine: Engine { table.engine }
    var limits: LightTable.Limits { table.limits }
    var hooks: Hooks? { table.hooks }

    func loaded() throws -> (String, Project) { try table.loaded() }

    func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await table.blocking(body)
    }

    func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        try await table.decode(type, request)
    }
}

/// Registers one concern's handlers in its router group: each route behind the middleware of the role its spec
/// names, and only a route the concern lists (so the role matrix cannot miss one).
final class Registrar {
    let specs: [LightTable.RouteSpec]
    private let roles: [LightTable.Access: RouterGroup<TableContext>]
    private var registered = Set<LightTable.RouteSpec>()

    init(_ concern: any Concern, on router: Router<TableContext>) {
        specs = type(of: concern).routes
        let group = router.group()
        let table = concern.table
        roles = Dictionary(
            uniqueKeysWithValues: LightTable.Access.allCases.map { access in
                (access, group.group().add(middleware: Role(access: access, table: table)))
            })
    }

    /// Registers the handler of a listed route.
    func callAsFunction(
        _ method: HTTPRequest.Method, _ path: String,
        _ handler: @escaping @Sendable (Request, TableContext) async throws -> Response
    ) {
        guard let spec = specs.first(where: { $0.method == method && $0.path == path }), let group = roles[spec.access]
        else { preconditionFailure("route \(method) \(path) is not listed in its concern's routes") }
        registered.insert(spec)
        group.on(RouterPath(path), method: method) { request, context in try await handler(request, context) }
    }

    /// Stops the server's start when a listed route got no handler.
    func finished() {
        let missing = Set(specs).subtracting(registered)
        guard missing.isEmpty else { preconditionFailure("routes listed without a handler: \(missing)") }
    }
}

/// Lets a request through when its caller's role reaches the route's; refuses it in words otherwise (403).
struct Role: RouterMiddleware {
    let access: LightTable.Access
    let table: LightTable

    func handle(
        _ request: Request, context: TableContext,
        next: (Request, TableContext) async throws -> Response
    ) async throws -> Response {
        try table.admit(context.caller, to: access)
        return try await next(request, context)
    }
}
