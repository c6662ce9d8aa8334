import ApoloCore
import ApoloEngine
import ApoloFixtures
@testable import ApoloServer
import ApoloStore
import Foundation
import HTTPTypes
import Testing

/// Trust III's low items on the light table: a document naming another picture, the Referer, bidi in messages.
extension LightTableTests {
    @Test func aDocumentWhosePathNamesAnotherPictureIsNotShown() async throws {
        let other = root + "/elsewhere/private.jpg"
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: other, contents: Data(SamplePhoto("", seed: 7, width: 32, height: 24).jpeg()))
        let id = String(repeating: "7", count: 64)
        let photo = Photo(id: id, file: "IMG_7.jpg", path: other, bytes: 1, modified: "2024-05-01T08:07:00Z")
        _ = try Engine(store: store).apply([Change(AddPhotos([photo]))], command: "apolo import")
        try await serve { send in
            for route in ["/thumb/", "/preview/", "/full/"] {
                let (status, body) = try await send(.get, route + id)
                #expect(status == .conflict && (body?["error"] as? String)?.contains("not the photo") == true,
                        "\(route): \(status) \(body ?? [:])")
            }
        }
        let cached = (try? FileManager.default.subpathsOfDirectory(atPath: root + "/cache")) ?? []
        #expect(!cached.contains { $0.contains(id) }, "nothing cached under its id: \(cached)")
    }

    @Test func everyAnswerForbidsTheRefererAndMessagesShowBidiAsEscapes() async throws {
        try await serve { send in
            for path in ["/", "/api/state", "/api/nothing"] {
                let (_, headers, _) = try await send.raw(.get, path)
                #expect(headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(path)")
            }
            let (_, body) = try await send(.post, "/api/run", #"{"commands": [["shelf", "create", "a\u202Eb"]], "expect": null}"#)
            let message = try #require(body?["error"] as? String)
            #expect(!message.unicodeScalars.contains { $0.value == 0x202E } && message.contains("\\u{202E}"), "\(message)")
        }
    }
}
