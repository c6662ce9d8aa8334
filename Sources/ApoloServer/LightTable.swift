import ApoloCore
import ApoloEngine
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The light table's HTTP side: one responder that checks every request (token, Host, Origin, method, size)
/// before routing it, and answers with the page, the project as JSON, thumbnails and previews, or the result
/// of a change made through the engine. It reads no file but the open project's cached thumbnails and previews.
public struct LightTable: Sendable {
    /// Turns one command line (as words) into an edit, as the CLI's parser does.
    public typealias Parser = @Sendable ([String]) throws -> Change

    public let engine: Engine
    public let token: String
    /// `host:port` values a request's Host header may name (the bound address, and localhost for loopback).
    public let allowed: AllowedHosts
    let parse: Parser
    let memory: LoadedProject
    let exporter: Exporter?
    let job = ExportJob()
    /// The largest request body accepted.
    static let maxBody = 64 * 1024

    /// Serves the open project of `engine`'s store; every change goes through `engine` (given a memory of the
    /// project, so an edit does not read the document again).
    public init(engine: Engine, token: String, hosts: Set<String> = [], parse: @escaping Parser, export: Exporter? = nil) {
        exporter = export
        memory = LoadedProject(store: engine.store)
        self.engine = Engine(store: engine.store, memory: memory, warn: engine.warn)
        self.token = token
        self.allowed = AllowedHosts(hosts)
        self.parse = parse
    }

    /// A new random token for a run of the server.
    public static func newToken() -> String { HistoryLog.newRevision() + HistoryLog.newRevision() }

    /// Answers one request; any refusal is a JSON error and changes nothing.
    @Sendable public func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        try await answer(request)
    }

    /// The answer to one request (what `respond` gives; tests call it without a connection).
    func answer(_ request: Request) async throws -> Response {
        do {
            if let refusal = gate(request) { return refusal }
            return try await route(request)
        } catch let error as HTTPFailure {
            return Self.json(["error": error.message], status: error.status)
        }
    }

    /// The files of the page, which hold no project data and are served without the token (the page reads it
    /// from the address's `#token=` and keeps it in the tab).
    static let publicPaths: Set<String> = ["/", "/app.js", "/app.css"]

    /// The checks every request passes: Host (DNS rebinding), the token (an `X-Apolo-Token` header, or for a GET a
    /// `token` query parameter, as images need), method, Origin. No cookie: a cookie is sent to every port of the
    /// host, so to any other local server the user visits, and a second `apolo serve` would overwrite it.
    func gate(_ request: Request) -> Response? {
        let host = request.head.authority ?? ""
        let hosts = allowed.all
        guard hosts.contains(host) else {
            return Self.json(["error": "this light table answers only at \(hosts.sorted().first ?? "its own address"), not at '\(host)'"], status: .misdirectedRequest)
        }
        let path = request.uri.path
        let reading = request.method == .get || request.method == .head
        if reading, path == "/", let given = request.uri.queryParameters["token"].map(String.init), same(given, token) {
            var headers = HTTPFields()   // an address of older versions: the token moves out of the query
            headers[.location] = "/#token=\(token)"
            return Response(status: .seeOther, headers: headers)
        }
        if reading, Self.publicPaths.contains(path) { return nil }
        let given = request.headers[Self.tokenHeader] ?? (reading ? request.uri.queryParameters["token"].map(String.init) : nil)
        guard let given, same(given, token) else {
            return Self.json(["error": "open the light table with the address apolo serve printed (it carries the access token)"], status: .forbidden)
        }
        switch request.method {
        case .get, .head: return nil
        case .post:
            if let origin = request.headers[.origin], !hosts.contains(where: { "http://\($0)" == origin }) {
                return Self.json(["error": "a change from another site ('\(origin)') is refused"], status: .forbidden)
            }
            return nil
        default:
            return Self.json(["error": "only GET and POST are answered"], status: .methodNotAllowed)
        }
    }

    /// The header that carries the access token.
    static let tokenHeader = HTTPField.Name("X-Apolo-Token")!

    /// Compares in time that does not depend on where the strings differ (a token must not leak by timing).
    private func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A small JSON answer (an error, a version).
    static func json(_ value: [String: String], status: HTTPResponse.Status = .ok) -> Response {
        var json = JSONWriter()
        json.object { json in
            for (key, text) in value.sorted(by: { $0.key < $1.key }) {
                json.key(key)
                json.string(text)
            }
        }
        return Self.json(bytes: json.bytes, status: status)
    }

    /// JSON bytes as an answer that no cache keeps.
    static func json(bytes body: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// A refusal with its HTTP status and a message in words.
struct HTTPFailure: Error {
    let status: HTTPResponse.Status
    let message: String
}
