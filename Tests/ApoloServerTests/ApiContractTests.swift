import ApoloCore
import ApoloEngine
@testable import ApoloServer
import ApoloStore
import Foundation
import Testing

/// The answers the page reads, recorded as it gets them: each is compared, by its shape (fields and their types),
/// with the sample in tests/node/api/, which the page's own test checks against api.js. A field added to an answer
/// without the page's description fails here or there. `APOLO_WRITE_API_SAMPLES=1` writes the samples anew.
@Suite struct ApiContractTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("tests/node/api").path

    @Test func theAnswersThePageReadsHaveTheShapesItDescribes() async throws {
        let fixture = try LightTableTests()
        var measured = Signals(sharpness: 0.08, highlights: 0.3, shadows: 0)
        measured.darkest = 120
        measured.faces = [Face(box: [0.2, 0.2, 0.3, 0.3], pixels: 200, score: 1, eyes: [0.3, 0.28], sharpness: 0.05)]
        measured.faces?[0].wide = 300
        if let first = measured.faces?.first { measured.faces?.append(first) }
        let photo = String(repeating: "1", count: 64)
        try MetadataCache(folder: fixture.store.home.cacheFolder).store(signals: [(photo, measured)])
        _ = try fixture.table.engine.apply([Change(Rate("table:2", 3))], command: "apolo rate table:2 3")
        let faces = [[FaceKey.of(photo, 0), FaceKey.of(photo, 1)]]
        _ = try fixture.table.engine.apply(
            [Change(PeopleGroup(joins: [:], groups: faces)), Change(PersonNameEdit("1", "Ana"))], command: "people")
        let write = ProcessInfo.processInfo.environment["APOLO_WRITE_API_SAMPLES"] == "1"
        try await fixture.serve { send in
            let answers = [
                ("state", "state"), ("stateFirst", "state?first=2"), ("analysis", "analysis"),
                ("version", "version"), ("history", "history"), ("people", "people")
            ]
            for (name, asked) in answers {
                let (status, body) = try await send(.get, "/api/\(asked)")
                #expect(status == .ok)
                let answer = try #require(body)
                let path = Self.samples + "/\(name).json"
                if write {
                    let data = try JSONSerialization.data(
                        withJSONObject: answer,
                        options: [.prettyPrinted, .sortedKeys])
                    try data.write(to: URL(fileURLWithPath: path))
                }
                let recorded = try Data(contentsOf: URL(fileURLWithPath: path))
                let sample = try #require(try JSONSerialization.jsonObject(with: recorded))
                let file = "tests/node/api/\(name).json"
                #expect(
                    Self.shape(answer) == Self.shape(sample),
                    "/api/\(asked) no longer has the shape of \(file) (APOLO_WRITE_API_SAMPLES=1)")
            }
        }
    }

    /// Fields and their types, recursively; an object keyed by ids (every key of 10 characters or more) is one
    /// entry, a list its first item.
    static func shape(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            if !object.isEmpty, object.keys.allSatisfy({ $0.count >= 10 }) {
                return "{*: " + object.values.map(shape).sorted().joined(separator: " | ") + "}"
            }
            return "{" + object.keys.sorted().map { "\($0): \(shape(object[$0]!))" }.joined(separator: ", ") + "}"
        case let list as [Any]: return "[" + (list.first.map(shape) ?? "") + "]"
        case is NSNull: return "null"
        case let number as NSNumber:  // JSON's true and false come as booleans, whatever bridges them
            let kind = String(describing: type(of: value)).lowercased()
            return kind.contains("bool") || String(cString: number.objCType) == "c" ? "bool" : "number"
        case is String: return "string"
        default: return "?"
        }
    }
}
