import ApoloCore
import ApoloEngine
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOPosix

/// The light table's HTTP side: a Hummingbird router whose middleware checks every request (Host, token, method,
/// Origin, size) before its route answers with the page, the project as JSON, thumbnails and previews, or the
/// result of a change made through the engine; every error is JSON `{error}` with the status of its kind. It reads
/// no file but the open project's cached thumbnails and previews.
public struct LightTable: Sendable {
    public let engine: Engine
    public let token: String
    /// `host:port` values a request's Host header may name (the bound address, and localhost for loopback).
    /// The connections the server holds, once it runs: what tests wait on (a connection closed, a flood admitted).
    let connections = Locked<ConnectionRegistry?>(nil)
    public let allowed: AllowedHosts
    /// Host values answered besides the bound address (a reverse proxy's public name).
    public let publicHosts: Set<String>
    let memory: LoadedProject
    /// The hooks an export from the page runs (pre-export, post-export), as the CLI's does.
    let hooks: Hooks?
    public let limits: Limits
    /// The people the owner invited, each with their own link.
    public let people: [Invitee]
    /// Served over TLS (cookies are then `Secure`).
    public let secure: Bool
    /// Threads for blocking work (see `blocking`).
    let pool: NIOThreadPool
    /// The largest request body accepted.
    static let maxBody = 64 * 1024

    /// Serves the open project of `engine`'s store; every change goes through `engine` (given a memory of the
    /// project, so an edit does not read the document again).
    public init(
        engine: Engine, token: String, hosts: Set<String> = [], hooks: Hooks? = nil,
        limits: Limits = Limits(), people: [Invitee] = [], secure: Bool = false
    ) {
        self.limits = limits
        self.people = people
        self.secure = secure
        self.hooks = hooks
        let store = engine.store.journalFrom == nil ? engine.store.keepingJournals() : engine.store
        memory = LoadedProject(store: store, foldAfter: limits.foldSeconds)
        self.engine = Engine(store: store, memory: memory, warn: engine.warn)
        self.token = token
        self.allowed = AllowedHosts(hosts)
        publicHosts = hosts
        pool = NIOThreadPool(numberOfThreads: Self.blockingThreads)
        pool.start()
    }

    /// Requests that may wait on a lock or decode at once; more wait for a thread.
    static let blockingThreads = 8

    /// What one client may hold of the server.
    public struct Limits: Sendable {
        /// Connections held at most; past it the oldest one not being answered is closed (a page uses about six).
        public var connections = 512
        /// Connections held from one address at most, likewise.
        public var perPeer = 256
        /// Seconds a request's headers may take to arrive whole (from the connection's start or the last response).
        public var headerSeconds = 5
        /// Seconds a connection may stay idle before it is closed.
        public var idleSeconds = 15
        /// Seconds a request's body may take to arrive.
        public var bodySeconds = 10
        /// Measure photos without signals in the background (off: the page shows what `apolo analyze` measured).
        public var analyze = true
        /// Seconds without a change after which a journal is folded into its document.
        public var foldSeconds = 10.0
        public init() {}
    }

    /// Writes whole every project the light table left a journal for (when it stops): the documents then hold every
    /// change, for any tool that reads them.
    func foldJournals() {
        let store = engine.store
        for name in store.names() where access(store.home.journal(name), F_OK) == 0 {
            do { try store.withLock(name) { try store.fold(name) } } catch {
                engine.warn(
                    "\(name): \(error); its last changes stay in \(store.home.journal(name)), which apolo reads")
            }
        }
    }

    /// A new random token for a run of the server.
    public static func newToken() -> String { HistoryLog.newRevision() + HistoryLog.newRevision() }

    /// Runs blocking work (a lock wait of up to 30 s, fsync, libvips, a stat per photo) on the light table's own
    /// threads, never on Swift's cooperative pool, so one slow request does not stall the others.
    func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(body)
    }

    /// A small JSON answer (an error, a version).
    static func json(
        _ value: [String: String], status: HTTPResponse.Status = .ok, close: Bool = false,
        location: String? = nil
    ) -> Response {
        var json = JSONWriter()
        json.object { json in
            for (key, text) in value.sorted(by: { $0.key < $1.key }) {
                json.key(key)
                json.string(text)
            }
        }
        var response = Self.json(bytes: json.bytes, status: status)
        if close { response.headers[.connection] = "close" }
        if let location { response.headers[.location] = location }
        return response
    }

    /// JSON bytes as an answer that no cache keeps.
    static func json(bytes body: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
