import ApoloCommands
import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The changes the page asks for, each one step through the engine, and the request bodies they come in.
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

    /// The language the page speaks (its `X-Apolo-Language`: one language, or the browser's list, first known wins,
    /// as the page picks), for apolo's messages; English when it names none apolo speaks.
    static func language(_ request: Request) -> Language {
        let said = request.headers[HTTPField.Name("X-Apolo-Language")!] ?? ""
        return said.split(separator: ",").prefix(16).lazy.compactMap {
            Language(locale: $0.trimmingCharacters(in: .whitespaces))
        }.first ?? .english
    }

    func run(_ body: RunBody, engine: Engine, _ language: Language) throws -> Response {
        guard !body.commands.isEmpty, body.commands.count <= 1000 else {
            throw HTTPFailure(status: .badRequest, message: "send 1 to 1,000 commands")
        }
        let changes = try body.commands.enumerated().map { i, words in
            try change(
                words, line: i + 1,
                of: body.commands.count)
        }
        let summary = body.commands.count == 1 ? nil : "ran \(body.commands.count) commands from the light table"
        let command =
            body.commands.count == 1
            ? "apolo " + body.commands[0].map(Self.quoted).joined(separator: " ") + " (light table)"
            : "apolo serve (light table)"
        let step = { (outcome: Outcome) in
            summary ?? Said(joining: outcome.said, separator: "; ").text(language, for: .page)
        }
        return try perform(body.expect, language, step: step) {
            try engine.apply(changes, command: command, summary: summary, expect: body.expect)
        }
    }

    func walk(_ body: WalkBody, back: Bool, engine: Engine, _ language: Language) throws -> Response {
        let count = body.count ?? 1
        guard (1...10_000).contains(count) else {
            throw HTTPFailure(status: .badRequest, message: "count must be 1–10000")
        }
        return try perform(body.expect, language, step: nil) { try engine.walk(count, back: back, expect: body.expect) }
    }

    /// Runs a change; refusals come back in the page's language and words, with the whole current state for the
    /// page to show; a change answers with what it changed since the view the page had (`expect`).
    /// `step` names the history step a change records (nil for undo and redo).
    func perform(
        _ expect: String?, _ language: Language, step: ((Outcome) -> String)?,
        _ body: () throws -> Outcome
    ) throws -> Response {
        var (outcome, failure, status): (Outcome?, String?, HTTPResponse.Status) = (nil, nil, .ok)
        do { outcome = try body() } catch let error as CoreError {
            (failure, status) = (error.said.text(language, for: .page), .unprocessableContent)
        } catch let error as EngineError {
            (failure, status) = (
                error.said.text(language, for: .page),
                error == .stale ? .conflict : .unprocessableContent
            )
        }
        var json = JSONWriter()
        json.object { json in
            json.key("messages")
            let said = outcome.map { $0.said.isEmpty ? $0.messages : $0.said.map { $0.text(language, for: .page) } }
            json.strings(said ?? [])
            json.key("error")
            json.string(failure)
            json.key("version")
            json.string(version())
        }
        let state =
            try outcome.map { try self.state(after: $0, from: expect, undo: step?($0), language) }
            ?? self.state(language)
        var bytes = json.bytes
        bytes.removeLast()
        bytes += Array(",\"state\":".utf8) + state + [UInt8(ascii: "}")]
        return Self.json(bytes: bytes, status: status)
    }

    private func change(_ words: [String], line: Int, of count: Int) throws -> Change {
        guard !words.isEmpty, words.count <= 200, words.allSatisfy({ $0.utf8.count <= 1000 }) else {
            throw HTTPFailure(status: .badRequest, message: "command \(line) is empty or too long")
        }
        do { return try EditCommands.change(words) } catch let error as CommandWordsError {
            let words = words.joined(separator: " ")
            let reason =
                error == .notAnEdit
                ? "only commands that change the project can run from the page" : error.message
            throw HTTPFailure(status: .unprocessableContent, message: "\(words): \(reason)")
        } catch {
            throw HTTPFailure(status: .unprocessableContent, message: "\(words.joined(separator: " ")): \(error)")
        }
    }

    static func quoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "-_.:/=+,@%".contains($0) } && !word.isEmpty
            ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
