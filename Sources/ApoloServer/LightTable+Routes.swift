import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// What the page reads and the changes it asks for.
extension LightTable {
    /// A change: command lines as words (`["rate", "table:3", "4"]`), applied as one step to the revision the
    /// page saw.
    struct RunBody: Decodable {
        let commands: [[String]]
        let expect: String?
    }

    /// Undo or redo `count` steps (default 1) from the revision the page saw.
    struct WalkBody: Decodable {
        let expect: String?
        let count: Int?
    }

    func route(_ request: Request) async throws -> Response {
        let path = request.uri.path
        switch (request.method, path) {
        case (.get, "/"), (.head, "/"): return Self.asset(Page.html, type: "text/html; charset=utf-8")
        case (.get, "/app.js"): return Self.asset(Script.text, type: "text/javascript; charset=utf-8")
        case (.get, "/app.css"): return Self.asset(Style.text, type: "text/css; charset=utf-8")
        case (.get, "/api/state"): return Self.json(bytes: try state())
        case (.get, "/api/version"): return Self.json(["version": version()])
        case (.post, "/api/run"):
            let body = try await decode(RunBody.self, request)
            guard !body.commands.isEmpty, body.commands.count <= 1000 else { throw HTTPFailure(status: .badRequest, message: "send 1 to 1,000 commands") }
            let changes = try body.commands.enumerated().map { i, words in try change(words, line: i + 1, of: body.commands.count) }
            let summary = body.commands.count == 1 ? nil : "ran \(body.commands.count) commands from the light table"
            let command = body.commands.count == 1 ? "apolo " + body.commands[0].map(Self.quoted).joined(separator: " ") + " (light table)" : "apolo serve (light table)"
            return try perform(body.expect, step: { summary ?? $0.messages.joined(separator: "; ") }) {
                try engine.apply(changes, command: command, summary: summary, expect: body.expect)
            }
        case (.post, "/api/undo"), (.post, "/api/redo"):
            let body = try await decode(WalkBody.self, request)
            let count = body.count ?? 1
            guard (1...10_000).contains(count) else { throw HTTPFailure(status: .badRequest, message: "count must be 1–10000") }
            return try perform(body.expect, step: nil) { try engine.walk(count, back: path == "/api/undo", expect: body.expect) }
        case (.get, "/api/history"): return try history()
        case (.get, "/api/missing"): return try missing()
        case (.get, "/api/projects"): return try projects()
        case (.post, "/api/project"): return try project(try await decode(ProjectBody.self, request))
        case (.get, "/api/export"): return exportStatus()
        case (.get, "/api/export/manifest"): return try exportManifest()
        case (.post, "/api/export"): return try startExport(try await decode(ExportBody.self, request))
        case (.get, _) where path.hasPrefix("/thumb/"): return try image(String(path.dropFirst(7)), preview: false)
        case (.get, _) where path.hasPrefix("/preview/"): return try image(String(path.dropFirst(9)), preview: true)
        case (.get, _) where path.hasPrefix("/full/"): return try image(String(path.dropFirst(6)), preview: true, full: true)
        default: throw HTTPFailure(status: .notFound, message: "nothing here: \(path)")
        }
    }

    /// Runs a change; refusals come back as the CLI words them, with the whole current state for the page to
    /// show; a change answers with what it changed since the view the page had (`expect`).
    /// `step` names the history step a change records (nil for undo and redo).
    private func perform(_ expect: String?, step: ((Outcome) -> String)?, _ body: () throws -> Outcome) throws -> Response {
        var (outcome, failure, status): (Outcome?, String?, HTTPResponse.Status) = (nil, nil, .ok)
        do { outcome = try body() } catch let error as CoreError {
            (failure, status) = (error.message, .unprocessableContent)
        } catch let error as EngineError {
            (failure, status) = (error.description, error == .stale ? .conflict : .unprocessableContent)
        }
        var json = JSONWriter()
        json.object { json in
            json.key("messages")
            json.strings(outcome?.messages ?? [])
            json.key("error")
            json.string(failure)
            json.key("version")
            json.string(version())
        }
        let state = try outcome.map { try self.state(after: $0, from: expect, undo: step?($0)) } ?? self.state()
        var bytes = json.bytes
        bytes.removeLast()
        bytes += Array(",\"state\":".utf8) + state + [UInt8(ascii: "}")]
        return Self.json(bytes: bytes, status: status)
    }

    private func change(_ words: [String], line: Int, of count: Int) throws -> Change {
        guard !words.isEmpty, words.count <= 200, words.allSatisfy({ $0.utf8.count <= 1000 }) else {
            throw HTTPFailure(status: .badRequest, message: "command \(line) is empty or too long")
        }
        do { return try parse(words) } catch {
            throw HTTPFailure(status: .unprocessableContent, message: "\(words.joined(separator: " ")): \(error)")
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
            throw HTTPFailure(status: .unsupportedMediaType, message: "changes are sent as JSON (Content-Type: application/json)")
        }
        var request = request
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: Self.maxBody) } catch {
            throw HTTPFailure(status: .contentTooLarge, message: "a request body may hold at most \(Self.maxBody / 1024) KiB")
        }
        do { return try JSONInput.decode(T.self, Array(buffer.readableBytesView), what: "the request") } catch {
            throw HTTPFailure(status: .badRequest, message: "\(error)")
        }
    }

    static func quoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "-_.:/=+,@%".contains($0) } && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
