import ApoloCore
import ApoloEngine
import Hummingbird

/// Jobs that run in the background for the owner: an export of the albums and an ingest from cards, each one at a
/// time, with its progress and report for the page to poll.
struct JobsConcern: Concern {
    let table: LightTable
    let job = ExportJob()
    let ingestJob = IngestJob()

    static let routes: [LightTable.RouteSpec] = [
        .init(method: .get, path: "/api/export", access: .owner),
        .init(method: .get, path: "/api/export/manifest", access: .owner),
        .init(method: .post, path: "/api/export", access: .owner),
        .init(method: .get, path: "/api/ingest", access: .owner),
        .init(method: .post, path: "/api/ingest", access: .owner)
    ]

    func register(_ add: Registrar) {
        add(.get, "/api/export") { request, _ in exportStatus(LightTable.language(request)) }
        add(.get, "/api/export/manifest") { _, _ in try exportManifest() }
        add(.post, "/api/export") { request, _ in
            try startExport(try await decode(ExportBody.self, request), LightTable.language(request))
        }
        add(.get, "/api/ingest") { request, _ in ingestStatus(LightTable.language(request)) }
        add(.post, "/api/ingest") { request, _ in try startIngest(try await decode(IngestBody.self, request)) }
    }
}
