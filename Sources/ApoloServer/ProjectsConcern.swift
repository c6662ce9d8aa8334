import ApoloCore
import ApoloEngine
import Hummingbird

/// The owner's projects: the list, and making, opening, renaming and deleting one.
struct ProjectsConcern: Concern {
    let table: LightTable

    static let routes: [LightTable.RouteSpec] = [
        .init(method: .get, path: "/api/projects", access: .owner),
        .init(method: .post, path: "/api/project", access: .owner)
    ]

    func register(_ add: Registrar) {
        add(.get, "/api/projects") { _, _ in try await blocking { try projects() } }
        add(.post, "/api/project") { request, _ in
            let body = try await decode(ProjectBody.self, request)
            return try await blocking { try project(body) }
        }
    }
}
