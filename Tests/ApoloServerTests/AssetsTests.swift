import ApoloCore
import ApoloMedia
import ApoloEngine
import ApoloFixtures
@testable import ApoloServer
import Foundation
import HTTPTypes
import Testing

/// The page's files are the source tree's `Web/` files, each served without the token with its own type.
extension LightTableTests {
    /// Every file of `Sources/ApoloServer/Web`, as the path it is served at.
    static var webFiles: [String] {
        let files = (FileManager.default.enumerator(atPath: webFolder)?.allObjects as? [String] ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix("/") && $0.contains(".") }
        return files.map { $0 == "index.html" ? "/" : "/" + $0 }.sorted()
    }

    @Test func everyFileOfTheWebFolderIsServedWithItsTypeAndNoToken() async throws {
        #expect(Self.webFiles.count >= 10)
        #expect(
            Set(Assets.files.keys) == Set(Self.webFiles),
            "CApoloWeb/web.c embeds exactly the files of Web/ (python3 scripts/assets.py)")
        let types = [
            "/": "text/html", "html": "text/html", "css": "text/css", "js": "text/javascript", "svg": "image/svg+xml"
        ]
        try await serve { send in
            for path in Self.webFiles {
                let (status, headers, _) = try await send.raw(.get, path, token: nil)
                let type = types[path == "/" ? "/" : String(path.split(separator: ".").last ?? "")] ?? "?"
                #expect(status == .ok && headers[.contentType]?.hasPrefix(type) == true, "\(path): \(status)")
                #expect(headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    /// The source tree's `Sources/ApoloServer/Web`.
    static let webFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ApoloServer/Web").standardized.path

    @Test func eachFileIsServedWithTheBytesOfItsSourceInWeb() throws {
        for path in Self.webFiles {
            let source = try Data(
                contentsOf: URL(fileURLWithPath: Self.webFolder + (path == "/" ? "/index.html" : path)))
            #expect(Assets.files[path].map { Data($0.bytes) } == source, "\(path): not the bytes of Web\(path)")
        }
    }

    @Test func aFileTheBrowserHoldsAlreadyIsAnswered304WithNoBody() async throws {
        try await serve { send in
            let (status, headers, _) = try await send.raw(.get, "/js/state.js", token: nil)
            let tag = try #require(headers[.eTag])
            #expect(status == .ok && tag.count == 18 && tag.hasPrefix("\""), "\(tag)")
            for held in [tag, "\"other\", " + tag] {
                let (again, _, body) = try await send.raw(
                    .get, "/js/state.js", token: nil, headers: [.ifNoneMatch: held])
                #expect(again == .notModified && body == nil, "\(held): \(again)")
            }
            let (other, _, _) = try await send.raw(.get, "/js/state.js", token: nil, headers: [.ifNoneMatch: "\"x\""])
            #expect(other == .ok, "another build's file is sent whole")
            let (page, pageHeaders, _) = try await send.raw(.get, "/", token: nil)
            #expect(page == .ok && pageHeaders[.eTag] != tag, "each file its own tag")
        }
    }

    @Test func aPairWhoseRawCannotBeShownShowsItsJPEG() async throws {
        let folder = root + "/pair"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let jpeg = SamplePhoto("IMG_9.jpg", seed: 9, width: 64, height: 48).jpeg()
        FileManager.default.createFile(atPath: folder + "/IMG_9.NEF", contents: Data("not a raw".utf8))
        FileManager.default.createFile(atPath: folder + "/IMG_9.jpg", contents: Data(jpeg))
        let id = String(repeating: "9", count: 64)
        var photo = Photo(
            id: id, file: "IMG_9.NEF", path: folder + "/IMG_9.NEF", bytes: 9,
            modified: "2024-05-01T09:00:00Z")
        photo.pair = Pair(
            id: ContentHash.of(jpeg), file: "IMG_9.jpg", path: folder + "/IMG_9.jpg",
            bytes: jpeg.count)
        _ = try Engine(store: store).apply([Change(AddPhotos([photo]))], command: "apolo import")
        try await serve { send in
            let (status, headers, _) = try await send.raw(.get, "/thumb/" + id)
            #expect(status == .ok && headers[.contentType] == "image/jpeg", "the JPEG's picture, not a 422: \(status)")
        }
    }
}
