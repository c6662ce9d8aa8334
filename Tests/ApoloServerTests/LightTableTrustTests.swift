import ApoloCore
import ApoloEngine
import ApoloFixtures
import ApoloMedia
@testable import ApoloServer
import ApoloStore
import Foundation
import HTTPTypes
import Testing

/// Hostile inputs on the light table: a document naming another picture, the Referer, bidi in messages, numbers
/// that would overflow.
extension LightTableTests {
    @Test func aDocumentWhosePathNamesAnotherPictureIsNotShown() async throws {
        let other = root + "/elsewhere/private.jpg"
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        FileManager.default.createFile(
            atPath: other, contents: Data(SamplePhoto("", seed: 7, width: 32, height: 24).jpeg()))
        let id = String(repeating: "7", count: 64)
        let photo = Photo(id: id, file: "IMG_7.jpg", path: other, bytes: 1, modified: "2024-05-01T08:07:00Z")
        _ = try Engine(store: store).apply([Change(AddPhotos([photo]))], command: "apolo import")
        try await serve { send in
            for route in ["/thumb/", "/preview/", "/full/"] {
                let (status, body) = try await send(.get, route + id)
                #expect(
                    status == .conflict && (body?["error"] as? String)?.contains("not the photo") == true,
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
            let (_, body) = try await send(
                .post, "/api/run", #"{"commands": [["shelf", "create", "a\u202Eb"]], "expect": null}"#)
            let message = try #require(body?["error"] as? String)
            #expect(
                !message.unicodeScalars.contains { $0.value == 0x202E } && message.contains("\\u{202E}"), "\(message)")
        }
    }

    /// A caption or a time shift whose numbers would overflow aborted the whole server (every client's share
    /// with it): each is refused in words and the server answers on.
    @Test func aCaptionWidthOrAShiftThatWouldOverflowIsRefusedAndTheServerLives() async throws {
        try await serve { send in
            for command in [
                #"["caption", "set", "table:1", "--caption", "{number:9000000000000000000}"]"#,
                #"["time", "shift", "table:1", "+9000000000000000000:00:00"]"#
            ] {
                let (status, body) = try await send(.post, "/api/run", #"{"commands": [\#(command)], "expect": null}"#)
                #expect(status.code >= 400 && status.code < 500 && body?["error"] != nil, "\(status) \(body ?? [:])")
            }
            let (status, _) = try await send(.get, "/api/state")
            #expect(status == .ok)
        }
    }

    @Test func aPreviewOnAFullDiskAnswers507() async throws {
        guard getuid() == 0 else { return }  // a small tmpfs is root's to mount
        let jpeg = SamplePhoto("", seed: 5, width: 640, height: 480).jpeg()
        let original = root + "/full/IMG_5.jpg"
        try FileManager.default.createDirectory(atPath: root + "/full", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: original, contents: Data(jpeg))
        let photo = Photo(
            id: ContentHash.of(jpeg), file: "IMG_5.jpg", path: original, bytes: jpeg.count,
            modified: "2024-05-01T08:05:00Z")
        _ = try Engine(store: store).apply([Change(AddPhotos([photo]))], command: "apolo import")
        let cache = store.home.cacheFolder
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        guard mount("tmpfs", cache, "tmpfs", 0, "size=256k") == 0 else { return }
        defer { umount(cache) }
        FileManager.default.createFile(atPath: cache + "/filler", contents: nil)
        let fill = try #require(FileHandle(forWritingAtPath: cache + "/filler"))
        while (try? fill.write(contentsOf: Data(repeating: 1, count: 4096))) != nil {}
        try fill.close()
        try await serve { send in
            let (status, body) = try await send(.get, "/preview/" + photo.id)
            #expect(
                status.code == 507 && (body?["error"] as? String)?.contains("IMG_5.jpg") == true,
                "\(status) \(body ?? [:])")
        }
    }
}
