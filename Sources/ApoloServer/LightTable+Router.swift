import Hummingbird

/// The light table's router: the middleware every request passes, the page's files, and each concern's group.
extension LightTable {
    /// The light table's routes behind its middleware (errors as JSON, then the gate): the page's files, then each
    /// concern's group. Each call builds the concerns afresh, with their state: a server calls it once.
    public func router() -> Router<TableContext> {
        let router = Router(context: TableContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: Headers())
        router.add(middleware: Errors())
        router.add(middleware: Gate(table: self))
        for path in Assets.files.keys.sorted() {
            router.get(RouterPath(path)) { request, _ in
                let held = request.headers[.ifNoneMatch]
                guard let response = Assets.response(request.uri.path, ifNoneMatch: held) else {
                    throw HTTPError(.notFound)
                }
                return response
            }
        }
        let concerns: [any Concern] = [
            TableConcern(table: self), AnalysisConcern(table: self), JobsConcern(table: self),
            ProjectsConcern(table: self), SharesConcern(table: self)
        ]
        for concern in concerns {
            let registrar = Registrar(concern, on: router)
            concern.register(registrar)
            registrar.finished()
        }
        return router
    }

    /// The concerns, in the order their groups are registered.
    static let concerns: [any Concern.Type] = [
        TableConcern.self, AnalysisConcern.self, JobsConcern.self, ProjectsConcern.self, SharesConcern.self
    ]
}
