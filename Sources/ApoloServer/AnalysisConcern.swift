import ApoloCore
import ApoloEngine
import Hummingbird

/// Analysis and faces: what apolo measured of the photos, the people and group shots for everyone who may see the
/// light table; looking for small faces and grouping faces into people for the owner and cullers. It owns the one
/// background analysis.
struct AnalysisConcern: Concern {
    let table: LightTable
    /// A background analysis is running; the photos it could not measure (not tried again by this server).
    let analyzing = Locked(false)
    let unmeasurable = Locked(Set<PhotoID>())
    /// Photos the page asked to look at whole for small faces.
    let smallFaces = Locked(SmallFacesQueue())

    static let routes: [LightTable.RouteSpec] = [
        .init(method: .get, path: "/api/analysis", access: .viewer),
        .init(method: .get, path: "/api/people", access: .viewer),
        .init(method: .get, path: "/api/stack/{id}", access: .viewer),
        .init(method: .post, path: "/api/small-faces", access: .culler),
        .init(method: .post, path: "/api/people/group", access: .culler)
    ]

    func register(_ add: Registrar) {
        add(.get, "/api/analysis") { request, _ in
            try await blocking { try analysisState(LightTable.language(request)) }
        }
        add(.get, "/api/people") { request, _ in
            try await blocking { try peopleState(LightTable.language(request)) }
        }
        add(.get, "/api/stack/{id}") { _, context in
            let id = context.parameters.get("id") ?? ""
            return try await blocking { try groupShot(id) }
        }
        add(.post, "/api/people/group") { request, context in
            let body = try await decode(LightTable.WalkBody.self, request)
            let gone = await context.clientGone(), language = LightTable.language(request)
            let engine = engine.unless(gone).by(context.caller.name)
            return try await blocking { try groupPeople(body, engine: engine, language) }
        }
        add(.post, "/api/small-faces") { request, _ in
            let body = try await decode(SmallFacesBody.self, request)
            return try await blocking { try lookForSmallFaces(body) }
        }
    }
}
