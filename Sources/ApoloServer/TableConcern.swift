import ApoloCore
import ApoloEngine
import Hummingbird

/// The table and its edits: the project's state, history and images for everyone who may see the light table;
/// changes, undo and redo for the owner and cullers, each one step through the engine.
struct TableConcern: Concern {
    let table: LightTable

    static let routes: [LightTable.RouteSpec] = [
        .init(method: .get, path: "/api/state", access: .viewer),
        .init(method: .get, path: "/api/version", access: .viewer),
        .init(method: .get, path: "/api/me", access: .viewer),
        .init(method: .get, path: "/api/history", access: .viewer),
        .init(method: .get, path: "/api/missing", access: .viewer),
        .init(method: .get, path: "/thumb/{id}", access: .viewer),
        .init(method: .get, path: "/preview/{id}", access: .viewer),
        .init(method: .get, path: "/full/{id}", access: .viewer),
        .init(method: .get, path: "/api/captions", access: .culler),
        .init(method: .post, path: "/api/run", access: .culler),
        .init(method: .post, path: "/api/undo", access: .culler),
        .init(method: .post, path: "/api/redo", access: .culler)
    ]

    func register(_ add: Registrar) {
        let table = table
        add(.get, "/api/state") { request, _ in
            let language = LightTable.language(request), first = try LightTable.first(request)
            return try await blocking {
                LightTable.json(bytes: try first.map { try table.firstScreen($0, language) } ?? table.state(language))
            }
        }
        add(.get, "/api/version") { _, _ in try await blocking { LightTable.json(["version": table.version()]) } }
        add(.get, "/api/me") { _, context in table.me(context.caller) }
        add(.get, "/api/history") { request, _ in
            let language = LightTable.language(request)
            return try await blocking { try table.history(language) }
        }
        add(.get, "/api/missing") { _, _ in try await blocking { try table.missing() } }
        add(.get, "/api/captions") { _, _ in try await blocking { try table.captionHelp() } }
        add(.post, "/api/run") { request, context in
            let body = try await decode(LightTable.RunBody.self, request)
            let gone = await context.clientGone(), language = LightTable.language(request)
            let engine = engine.unless(gone).by(context.caller.name)
            return try await blocking { try table.run(body, engine: engine, language) }
        }
        for (path, back) in [("/api/undo", true), ("/api/redo", false)] {
            add(.post, path) { request, context in
                let body = try await decode(LightTable.WalkBody.self, request)
                let gone = await context.clientGone(), language = LightTable.language(request)
                let engine = engine.unless(gone).by(context.caller.name)
                return try await blocking { try table.walk(body, back: back, engine: engine, language) }
            }
        }
        for (path, preview, full) in [
            ("/thumb/{id}", false, false), ("/preview/{id}", true, false), ("/full/{id}", true, true)
        ] {
            add(.get, path) { _, context in
                let id = context.parameters.get("id") ?? ""
                return try await blocking { try table.image(id, preview: preview, full: full) }
            }
        }
    }
}

extension LightTable {
    /// The undo history of the open project: `{position, steps: [{summary, command, date, by?} | null]}`, each
    /// summary in `language`.
    func history(_ language: Language = .english) throws -> Response {
        let (steps, position) = try engine.history()
        var json = JSONWriter()
        json.object { json in
            json.key("position")
            json.int(position)
            json.key("steps")
            json.array { json in
                for step in steps {
                    guard let step else {
                        json.raw(Array("null".utf8))
                        continue
                    }
                    json.object { json in
                        json.key("summary")
                        json.string(step.told.text(language, for: .page))
                        json.key("command")
                        json.string(step.command)
                        json.key("date")
                        json.string(step.date)
                        if let by = step.by {
                            json.key("by")
                            json.string(by)
                        }
                    }
                }
            }
        }
        return LightTable.json(bytes: json.bytes)
    }

    /// Who the caller is: `{name, role}` (the owner has no name).
    func me(_ caller: Caller) -> Response {
        switch caller {
        case .person(let person): LightTable.json(["name": person.name, "role": person.role.rawValue])
        default: LightTable.json(["role": "owner"])
        }
    }
}
