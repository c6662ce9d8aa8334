import ApoloMedia
import HTTPTypes
import Hummingbird

/// The page's files (`Web/`: HTML, CSS, ES modules, icon), embedded into the binary at build time by SwiftPM, so
/// an installed `apolo` is one self-contained file. They hold no project data and are served without the token.
enum Assets {
    /// Each file by the path it is served at (the list: `Assets+Files.swift`), with its entity
    /// tag: the start of its bytes' SHA-256, the same for the same build whatever the run.
    static let files: [String: (bytes: [UInt8], type: String, tag: String)] = Dictionary(
        list.map { ($0.path, ($0.bytes, $0.type, "\"" + ContentHash.of($0.bytes).prefix(16) + "\"")) },
        uniquingKeysWith: { $1 })

    /// The file at `path` as a response, or nil. The browser asks again each time (`no-cache`), and a file it holds
    /// already (`If-None-Match` names its tag) is answered 304 with no body: a reload of the light table moves 15 KB
    /// of its modules, not 268 KB.
    static func response(_ path: String, ifNoneMatch: String? = nil) -> Response? {
        guard let file = files[path] else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.type
        headers[.cacheControl] = "no-cache"
        headers[.eTag] = file.tag
        headers[.xContentTypeOptions] = "nosniff"
        let held = ifNoneMatch?.split(separator: ",").prefix(64).contains {
            $0.trimmingCharacters(in: .whitespaces) == file.tag
        }
        if held == true { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
