@testable import ApoloServer
import Foundation
import HTTPTypes
import Testing

/// The page's files are the source tree's `Web/` files, each served without the token with its own type.
extension LightTableTests {
    /// Every file of `Sources/ApoloServer/Web`, as the path it is served at.
    static var webFiles: [String] {
        let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/ApoloServer/Web").standardized.path
        let files = (FileManager.default.enumerator(atPath: web)?.allObjects as? [String] ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix("/") && $0.contains(".") }
        return files.map { $0 == "index.html" ? "/" : "/" + $0 }.sorted()
    }

    @Test func everyFileOfTheWebFolderIsServedWithItsTypeAndNoToken() async throws {
        #expect(Self.webFiles.count >= 10)
        #expect(Set(Assets.files.keys) == Set(Self.webFiles), "Assets.swift lists exactly the files of Web/")
        let types = ["/": "text/html", "css": "text/css", "js": "text/javascript", "svg": "image/svg+xml"]
        try await serve { send in
            for path in Self.webFiles {
                let (status, headers, _) = try await send.raw(.get, path, token: nil)
                let type = types[path == "/" ? "/" : String(path.split(separator: ".").last ?? "")] ?? "?"
                #expect(status == .ok && headers[.contentType]?.hasPrefix(type) == true, "\(path): \(status)")
                #expect(headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }
}
