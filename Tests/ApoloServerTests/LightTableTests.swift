import ApoloCore
import ApoloEngine
@testable import ApoloServer
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing

/// The light table's HTTP layer in process: every request goes through the same `answer` as a connection's, with
/// the CLI's own parser, on a project of five photos whose originals do not exist.
struct LightTableTests {
    let scratch = Scratch("apolo-server")
    var root: String { scratch.path }
    let store: ProjectStore
    let table: LightTable
    static let host = "127.0.0.1:8765"

    init() throws {
        store = ProjectStore(home: Home(root: scratch.path), lockTimeout: 1)
        _ = try store.create("trip")
        try store.setCurrent("trip")
        let photos = (1...5).map { i in
            Photo(
                id: String(repeating: "\(i)", count: 64), file: "IMG_\(i).jpg", path: "/nonexistent/IMG_\(i).jpg",
                bytes: 1,
                modified: "2024-05-01T08:0\(i):00Z")
        }
        let engine = Engine(store: store)
        _ = try engine.apply([Change(AddPhotos(photos))], command: "apolo import")
        table = LightTable(
            engine: engine, token: "secret", hosts: [Self.host],
            hooks: Hooks(folder: scratch.path + "/hooks", environment: { [:] }, timeout: 5, warn: { _ in }))
    }

    /// Runs `body` against `table` served as `apolo serve` serves it, on a free port, with `send` for its requests.
    func serve(_ table: LightTable? = nil, _ body: @escaping @Sendable (Sender) async throws -> Void) async throws {
        let table = table ?? self.table
        let bound = AsyncStream<Int>.makeStream()
        var quiet = Logger(label: "apolo.test")
        quiet.logLevel = .critical
        let app = try LightTableServer.application(table, host: "127.0.0.1", port: 0, logger: quiet) { port in
            table.allowed.set(LightTable.hosts(listen: "127.0.0.1", port: port))
            bound.continuation.yield(port)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var ports = bound.stream.makeAsyncIterator()
            let port = try #require(await ports.next())
            try await body(Sender(port: port))
            group.cancelAll()
        }
    }

    /// Sends one request on a connection of its own; returns its status and body as JSON (nil when it is not JSON).
    struct Sender: Sendable {
        let port: Int
        var host: String { "127.0.0.1:\(port)" }

        func callAsFunction(
            _ method: HTTPRequest.Method, _ path: String, _ body: String? = nil, host: String? = nil,
            token: String? = "secret", headers: HTTPFields = [:]
        ) async throws -> (HTTPResponse.Status, [String: Any]?) {
            let (status, _, json) = try await raw(method, path, body, host: host, token: token, headers: headers)
            return (status, json)
        }

        func raw(
            _ method: HTTPRequest.Method, _ path: String, _ body: String? = nil, host: String? = nil,
            token: String? = "secret",
            headers: HTTPFields = [:]
        ) async throws -> (HTTPResponse.Status, HTTPFields, [String: Any]?) {
            var fields = headers
            if let token { fields[LightTable.tokenHeader] = token }
            if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
            let payload = Array((body ?? "").utf8)
            var head = "\(method.rawValue) \(path) HTTP/1.1\r\nHost: \(host ?? self.host)\r\n"
            for field in fields { head += "\(field.name.rawName): \(field.value)\r\n" }
            head += "Content-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
            let connection = try RawConnection(port: port)
            connection.write(Array(head.utf8) + payload)
            let response = try HTTPExchange.parse(await connection.readBytes(seconds: 60))
            let json = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            return (response.status, response.fields, json)
        }
    }

    func revision() throws -> String { try store.load("trip").revision ?? "" }

    func rating(_ n: Int) throws -> Int {
        try store.load("trip").photos[String(repeating: "\(n)", count: 64)]?.rating ?? -1
    }

    @Test func aChangeAppliesOnTheRevisionThePageSawAndAnswersWithADelta() async throws {
        try await serve { send in
            let first = try await send(
                .post, "/api/run", #"{"commands": [["rate", "table:1", "2"]], "expect": "\#(try revision())"}"#)
            #expect(
                (first.1?["state"] as? [String: Any])?["base"] == nil, "whole: the server never showed that revision")
            _ = try await send(.get, "/api/state")
            let (status, body) = try await send(
                .post, "/api/run", #"{"commands": [["rate", "table:2", "4"]], "expect": "\#(try revision())"}"#)
            #expect(status == .ok)
            #expect(try rating(2) == 4)
            let state = try #require(body?["state"] as? [String: Any])
            #expect(state["base"] != nil, "a delta from the revision the page had")
            #expect((state["photos"] as? [String: Any])?.count == 1, "only the photo that changed")
            #expect(state["undo"] as? String == "rated 'IMG_2.jpg' ★★★★☆")
        }
    }

    @Test func aStalePositionIsRefusedAndChangesNothing() async throws {
        try await serve { send in
            let before = try revision()
            _ = try Engine(store: store).apply([Change(Rate("table:1", 1))], command: "apolo rate table:1 1")
            let (status, body) = try await send(
                .post, "/api/run", #"{"commands": [["rate", "table:2", "5"]], "expect": "\#(before)"}"#)
            #expect(status == .conflict)
            #expect((body?["error"] as? String)?.contains("changed since this page last showed it") == true)
            #expect(try rating(2) == 0)
            #expect((body?["state"] as? [String: Any])?["base"] == nil, "the whole current state")
        }
    }

    @Test func theTokenTheHostAndTheOriginAreChecked() async throws {
        try await serve { send in
            let rate = #"{"commands": [["rate", "table:1", "5"]], "expect": "\#(try revision())"}"#
            #expect(try await send(.get, "/api/state", token: nil).0 == .forbidden)
            #expect(try await send(.get, "/api/state", token: "secret-not").0 == .forbidden)
            #expect(try await send(.get, "/api/state", host: "evil.example:8765").0 == .misdirectedRequest)
            #expect(try await send(.post, "/api/run", rate, headers: [.origin: "http://evil.example"]).0 == .forbidden)
            #expect(try await send(.put, "/api/run", rate).0 == .methodNotAllowed)
            #expect(try await send(.get, "/?token=secret", token: nil).0 == .seeOther)
            #expect(
                try await send(.get, "/api/state", token: nil, headers: [.cookie: "apolo_token=secret"]).0
                    == .forbidden, "no cookie")
            #expect(
                try await send(.get, "/api/state?token=secret", token: nil).0 == .ok, "a GET may carry it in the query")
            #expect(
                try await send(.post, "/api/run?token=secret", rate, token: nil).0 == .forbidden,
                "a change needs the header")
            for asset in ["/", "/js/main.js", "/app.css"] {
                #expect(try await send(.get, asset, token: nil).0 == .ok, "the page holds no data")
            }
            #expect(try rating(1) == 0, "no refused request changed anything")
            #expect(try await send(.post, "/api/run", rate, headers: [.origin: "http://\(send.host)"]).0 == .ok)
        }
    }

    @Test func malformedOversizedAndForeignRequestsGetA4xxAndChangeNothing() async throws {
        try await serve { send in
            let before = try revision()
            #expect(try await send(.post, "/api/run", "{not json").0 == .badRequest)
            #expect(try await send(.post, "/api/run", String(repeating: "[", count: 70_000)).0 == .contentTooLarge)
            #expect(
                try await send(
                    .post, "/api/run", String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
                ).0 == .badRequest)
            #expect(
                try await send(.post, "/api/run", "{}", headers: [.contentType: "text/plain"]).0
                    == .unsupportedMediaType)
            #expect(try await send(.post, "/api/run", #"{"commands": [], "expect": null}"#).0 == .badRequest)
            #expect(
                try await send(.post, "/api/run", #"{"commands": [["export"]], "expect": null}"#).0
                    == .unprocessableContent)
            #expect(
                try await send(.post, "/api/run", #"{"commands": [["rate", "table:9", "5"]], "expect": null}"#).0
                    == .unprocessableContent)
            #expect(try await send(.post, "/api/undo", #"{"expect": null, "count": 0}"#).0 == .badRequest)
            #expect(try await send(.post, "/api/project", #"{"action": "explode", "name": "trip"}"#).0 == .badRequest)
            #expect(try await send(.post, "/api/export", #"{"words": ["rate", "table:1", "5"]}"#).0 == .badRequest)
            #expect(
                try await send(.post, "/api/export", #"{"options": {"to": "/tmp", "quality": 0}}"#).0 == .badRequest)
            #expect(
                try await send(.post, "/api/export", #"{"options": {"to": "/tmp", "strip": true}}"#).0 == .badRequest)
            #expect(try await send(.get, "/thumb/../../etc/passwd").0 == .notFound)
            #expect(
                try await send(.get, "/preview/" + String(repeating: "a", count: 64)).0 == .notFound,
                "not a photo of the project")
            #expect(
                try await send(.get, "/full/" + String(repeating: "1", count: 64)).0 == .unprocessableContent,
                "its original is missing")
            #expect(try await send(.get, "/etc/passwd").0 == .notFound)
            #expect(try revision() == before)
        }
    }

    @Test func everyReadingRouteAnswers() async throws {
        try await serve { send in
            let (status, state) = try await send(.get, "/api/state")
            #expect(status == .ok)
            #expect(
                (state?["places"] as? [[String: Any]])?.first?["ids"] as? [String]
                    == (1...5).map { String(repeating: "\($0)", count: 64) })
            #expect(try await send(.get, "/api/version").1?["version"] != nil)
            #expect((try await send(.get, "/api/history").1?["position"] as? Int) == 1)
            #expect(try await send(.get, "/api/export").1?["running"] as? Bool == false)
            #expect(try await send(.get, "/api/export/manifest").0 == .notFound)
            let missing = try await send(.get, "/api/missing")
            #expect(
                missing.0 == .ok, "every original of this project is missing: the answer is an array, not an object")
            for asset in ["/", "/js/main.js", "/app.css"] { #expect(try await send(.get, asset).0 == .ok) }
        }
    }

    @Test func undoAndRedoTakeACountAndProjectsAreMadeAndDiscarded() async throws {
        try await serve { send in
            for n in 1...3 {
                _ = try await send(
                    .post, "/api/run", #"{"commands": [["rate", "table:1", "\#(n)"]], "expect": "\#(try revision())"}"#)
            }
            #expect(try await send(.post, "/api/undo", #"{"expect": "\#(try revision())", "count": 2}"#).0 == .ok)
            #expect(try rating(1) == 1)
            #expect(
                try await send(.post, "/api/redo", #"{"expect": "\#(try revision())", "count": 9}"#).0
                    == .unprocessableContent)
            #expect(try await send(.post, "/api/project", #"{"action": "new", "name": "second"}"#).0 == .ok)
            #expect(try store.currentName() == "second")
            #expect(
                try await send(.post, "/api/project", #"{"action": "discard", "name": "second", "confirmed": true}"#).0
                    == .unprocessableContent)
            #expect(try await send(.post, "/api/project", #"{"action": "open", "name": "trip"}"#).0 == .ok)
            #expect(
                try await send(.post, "/api/project", #"{"action": "discard", "name": "second"}"#).0
                    == .unprocessableContent, "not confirmed")
            #expect(
                try await send(.post, "/api/project", #"{"action": "discard", "name": "second", "confirmed": true}"#).0
                    == .ok)
            #expect(store.names() == ["trip"])
        }
    }

    @Test(arguments: ["new", "open", "save-as", "rename"])
    func aNameThatAliasesAnotherProjectIsRefusedAndTouchesNothing(_ action: String) async throws {
        try await serve { send in
            _ = try await send(
                .post, "/api/run", #"{"commands": [["rate", "table:1", "4"]], "expect": "\#(try revision())"}"#)
            let document = try Array(Data(contentsOf: URL(fileURLWithPath: store.home.document("trip"))))
            let history = try Array(Data(contentsOf: URL(fileURLWithPath: store.history("trip").path)))
            let alias = #""tri\udbff\udf70""#  // U+10FF70: the raw byte 0x70, which is 'p'
            let body =
                action == "rename"
                ? #"{"action": "rename", "name": "trip", "to": \#(alias)}"#
                : #"{"action": "\#(action)", "name": \#(alias)}"#
            let (status, json) = try await send(.post, "/api/project", body)
            #expect(status == .unprocessableContent)
            #expect((json?["error"] as? String)?.contains("not UTF-8 text") == true, "\(json ?? [:])")
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: store.home.document("trip")))) == document)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: store.history("trip").path))) == history)
            #expect(store.names() == ["trip"])
            #expect(try rating(1) == 4)
        }
    }
}
