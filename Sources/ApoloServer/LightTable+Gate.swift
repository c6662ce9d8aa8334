import ApoloCore
import HTTPTypes
import Hummingbird
import NIOCore

/// A request's context: Hummingbird's, and the connection it came on (a refusal that leaves a body unread closes
/// the connection's input, so the server does not go on reading a body it refused, such as a declared 1 TB one).
public struct TableContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    let channel: any Channel
    /// Who sent the request, as the gate found from its token.
    var caller = Caller.nobody

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// The checks every request passes, in order, as router middleware: errors become JSON, then the Host (DNS
/// rebinding), the method, the token, the Origin of a change, and the size of a body.
extension LightTable {
    /// The files of the page, which hold no project data and are served without the token (the page reads it
    /// from the address's `#token=` and keeps it in the tab).
    static let publicPaths = Set(Assets.files.keys)

    static let hostHeader = HTTPField.Name("Host")!

    /// The header that carries the access token.
    static let tokenHeader = HTTPField.Name("X-Apolo-Token")!

    /// Headers every answer carries: no page may learn the address (its token) from a `Referer`.
    struct Headers: RouterMiddleware {
        static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

        func handle(
            _ request: Request, context: TableContext,
            next: (Request, TableContext) async throws -> Response
        ) async throws -> Response {
            var response = try await next(request, context)
            response.headers[Self.referrerPolicy] = "no-referrer"
            return response
        }
    }

    /// Any error as JSON `{error}` in words, with the status of its kind; nothing is ever a bare 500. Control,
    /// bidi and zero-width characters in a message (a name, a Host echoed back) are shown as escapes.
    struct Errors: RouterMiddleware {
        func handle(
            _ request: Request, context: TableContext,
            next: (Request, TableContext) async throws -> Response
        ) async throws -> Response {
            do { return try await next(request, context) } catch let error as HTTPFailure {
                if error.close { context.channel.close(mode: .input, promise: nil) }
                let words = error.said?.text(LightTable.language(request), for: .page) ?? error.message
                var response = LightTable.json(
                    ["error": words.escaped], status: error.status, close: error.close,
                    location: error.location)
                if let seconds = error.retryAfter { response.headers[.retryAfter] = String(seconds) }
                return response
            } catch let error as any ApoloFailure {
                let words = error.said.text(LightTable.language(request), for: .page)
                return LightTable.json(
                    ["error": words.escaped],
                    status: HTTPResponse.Status(code: error.failure.httpStatus))
            } catch let error as HTTPError {
                let words =
                    error.status == .notFound
                    ? "nothing here: \(request.uri.path)" : error.body ?? error.status.reasonPhrase
                return LightTable.json(["error": words.escaped], status: error.status)
            } catch {
                let words = "the light table failed unexpectedly (\(type(of: error))); the project was not changed"
                return LightTable.json(["error": words], status: .internalServerError)
            }
        }
    }

    /// Host, method, token, Origin and body size.
    struct Gate: RouterMiddleware {
        let table: LightTable

        func handle(
            _ request: Request, context: TableContext,
            next: (Request, TableContext) async throws -> Response
        ) async throws -> Response {
            if let refusal = table.refusal(request) { throw refusal }
            var context = context
            context.caller = table.caller(request)
            return try await next(request, context)
        }
    }

    /// Why a request is refused before it reaches its route, or nil. The token comes in an `X-Apolo-Token` header,
    /// or for a GET as a `token` query parameter (as images need); never in a cookie: a cookie is sent to every
    /// port of the host, so to any other local server the user visits, and a second server would overwrite it.
    func refusal(_ request: Request) -> HTTPFailure? {
        let host = request.head.authority ?? ""
        let hosts = allowed.all
        guard hosts.contains(host) else {
            let address = hosts.sorted().first ?? "its own address"
            return HTTPFailure(
                status: .misdirectedRequest,
                message: "this light table answers only at \(address), not at '\(host)'")
        }
        // NIO moves the first Host into the authority; another one left among the fields is a second Host
        if request.headers[Self.hostHeader] != nil {
            return HTTPFailure(status: .badRequest, message: "a request names one Host", close: true)
        }
        if request.headers[HTTPField.Name(ConnectionWatch.formHeader)!] != nil {
            return HTTPFailure(
                status: .badRequest,
                message: "a request names its target as a path (/api/state), "
                    + "not as a whole address", close: true)
        }
        guard [.get, .head, .post].contains(request.method) else {
            return HTTPFailure(status: .methodNotAllowed, message: "only GET and POST are answered")
        }
        let reading = request.method != .post, path = request.uri.path
        let length = request.headers[.contentLength].flatMap { Int($0) }
        if reading, length ?? 0 > 0 || request.headers[.transferEncoding] != nil {
            return HTTPFailure(status: .badRequest, message: "a GET carries no body", close: true)
        }
        if reading, path == "/", let given = request.uri.queryParameters["token"].map(String.init), same(given, token) {
            return HTTPFailure(
                status: .seeOther, message: "the token moved into the address's #fragment",
                location: "/#token=\(token)")
        }
        if reading, Self.publicPaths.contains(path) { return nil }
        let shared = path.hasPrefix("/s/")
        guard shared || caller(request) != .nobody else {
            return HTTPFailure(
                status: .forbidden,
                message: "open the light table with the address apolo serve printed "
                    + "(it carries the access token)")
        }
        if !reading, let origin = request.headers[.origin],
            !hosts.contains(where: { "http://\($0)" == origin || "https://\($0)" == origin })
        {
            return HTTPFailure(status: .forbidden, message: "a change from another site ('\(origin)') is refused")
        }
        if let length, length > Self.maxBody {
            return HTTPFailure(
                status: .contentTooLarge,
                message: "a request body may hold at most \(Self.maxBody / 1024) KiB", close: true)
        }
        return nil
    }

    /// The owner or an invited person, from the request's token (`X-Apolo-Token`, or `token` in a GET's query).
    func caller(_ request: Request) -> Caller {
        let query = request.method != .post ? request.uri.queryParameters["token"].map(String.init) : nil
        guard let given = request.headers[Self.tokenHeader] ?? query else { return .nobody }
        if same(given, token) { return .owner }
        return people.first { same(given, $0.token) }.map { .person($0) } ?? .nobody
    }

    /// Compares in time that does not depend on where the strings differ (a token must not leak by timing).
    func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// A refusal with its HTTP status and a message in words; `close` ends the connection (a body is left unread).
struct HTTPFailure: Error {
    let status: HTTPResponse.Status
    let message: String
    var close = false
    var location: String?
    /// Seconds to wait before asking again (`Retry-After`), for a 429.
    var retryAfter: Int?
    /// The message as one of the catalogue's, said in the reader's language (the reviewer's page speaks two).
    var said: Said?

    init(status: HTTPResponse.Status, message: String, close: Bool = false, location: String? = nil) {
        (self.status, self.message, self.close, self.location) = (status, message, close, location)
    }

    init(status: HTTPResponse.Status, said: Said) {
        (self.status, self.message, self.said) = (status, said.text(), said)
    }
}

extension HTTPFailure: HTTPResponseError {
    /// The refusal as JSON `{error}`, as Hummingbird asks an `HTTPResponseError` for it.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = LightTable.json(["error": message], status: status, close: close, location: location)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}
