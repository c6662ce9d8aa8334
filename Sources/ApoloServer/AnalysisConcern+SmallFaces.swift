import ApoloCore
import ApoloEngine
import Foundation
import Hummingbird

/// Photos looked at whole for faces from 40 px at the page's request (L on the table; `apolo analyze
/// --small-faces` on the command line), by the one background analysis (`startAnalysis`).
extension AnalysisConcern {
    /// The photos to look at.
    struct SmallFacesBody: Decodable {
        let ids: [String]
    }

    /// At most this many photos a request (a second or two each).
    static let smallFacesAtOnce = 5_000

    /// Queues the photos named that were not looked at whole yet; answers `{looking, already}`: how many will be,
    /// how many were before. Refused while another project's photos wait, and on a server that measures nothing.
    func lookForSmallFaces(_ body: SmallFacesBody) throws -> Response {
        guard (1...Self.smallFacesAtOnce).contains(body.ids.count) else {
            throw HTTPFailure(status: .badRequest, message: "name 1 to \(Self.smallFacesAtOnce) photos")
        }
        guard limits.analyze else {
            throw HTTPFailure(
                status: .conflict,
                message: "this server measures nothing (apolo serve --no-analyze): "
                    + "run apolo analyze --small-faces on the command line")
        }
        let project = try loaded().1
        guard body.ids.allSatisfy({ project.photos[$0] != nil }) else {
            throw HTTPFailure(status: .notFound, message: "a photo named is not in the project: reload the page")
        }
        let known = engine.signals(of: Set(body.ids))
        let todo = Set(body.ids.filter { known[$0]?.smallFaces != true })
        try smallFaces.withLock { state in
            guard state.ids.isEmpty || state.project == project.name else {
                throw HTTPFailure(
                    status: .conflict,
                    message: "photos of project \(state.project) are being looked at "
                        + "for small faces: ask again once they are done")
            }
            if !todo.isEmpty { (state.project, state.ids) = (project.name, state.ids.union(todo)) }
        }
        if !todo.isEmpty { startAnalysis() }
        var json = JSONWriter()
        json.object { json in
            json.key("looking"); json.int(todo.count)
            json.key("already"); json.int(Set(body.ids).count - todo.count)
        }
        return LightTable.json(bytes: json.bytes)
    }

    /// Photos waiting for, or under, a look for small faces (the page keeps asking for measures while any are).
    var lookingForSmallFaces: Int { smallFaces.withLock { $0.ids.count } }
}

/// The photos the page asked to look at whole for small faces, and their project (one at a time).
struct SmallFacesQueue: Sendable {
    var project = ""
    var ids = Set<PhotoID>()
}
