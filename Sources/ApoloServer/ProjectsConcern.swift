import ApoloCore
import ApoloEngine
import ApoloStore
import Foundation
import HTTPTypes
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

/// The projects panel: the same engine calls as `apolo project …`.
extension ProjectsConcern {
    /// `{action: open|new|save-as|rename|discard, name, to?, confirmed?}`.
    struct ProjectBody: Decodable {
        let action: String
        let name: String
        let to: String?
        let confirmed: Bool?
    }

    func projects() throws -> Response {
        let rows = try engine.projects()
        var json = JSONWriter()
        json.array { json in
            for row in rows {
                json.object { json in
                    json.key("name")
                    json.string(row.name)
                    json.key("open")
                    json.bool(row.open)
                    for (key, value) in [("photos", row.photos), ("shelves", row.shelves), ("albums", row.albums)] {
                        json.key(key)
                        if let value { json.int(value) } else { json.string(nil) }
                    }
                    json.key("problem")
                    json.string(row.problem)
                }
            }
        }
        return LightTable.json(bytes: json.bytes)
    }

    /// Runs a project action; the answer carries the (maybe other) open project's whole state.
    func project(_ body: ProjectBody) throws -> Response {
        var message = "", failure: String?, status = HTTPResponse.Status.ok
        do {
            switch body.action {
            case "open": message = try engine.open(body.name)
            case "new": message = try engine.create(body.name)
            case "save-as": message = try engine.saveAs(body.name)
            case "rename": message = try engine.rename(body.name, to: body.to ?? "")
            case "discard":
                if body.name == (try engine.store.currentName()) {
                    throw CoreError(
                        .invalid,
                        "'\(body.name)' is the open project; open another one before discarding it")
                }
                message = try engine.discard(body.name, confirmed: body.confirmed == true)
            default: throw HTTPFailure(status: .badRequest, message: "unknown project action '\(body.action.escaped)'")
            }
        } catch let error as HTTPFailure {
            throw error
        } catch let error as any ApoloFailure {
            (failure, status) = (
                error.message,
                HTTPResponse.Status(code: error.failure == .notFound ? 422 : error.failure.httpStatus)
            )
        }
        var json = JSONWriter()
        json.object { json in
            json.key("messages")
            json.strings(failure == nil ? [message] : [])
            json.key("error")
            json.string(failure)
            json.key("version")
            json.string(table.version())
            json.key("state")
            json.raw((try? table.state()) ?? Array("null".utf8))
        }
        return LightTable.json(bytes: json.bytes, status: status)
    }
}
