import HTTPTypes
import Hummingbird

/// The page's files (`Web/`: HTML, CSS, ES modules, icon), embedded into the binary at build time by SwiftPM, so
/// an installed `apolo` is one self-contained file. They hold no project data and are served without the token.
enum Assets {
    /// Each file by the path it is served at (the list: `Assets+Files.swift`, written from `Web/`).
    static let files: [String: (bytes: [UInt8], type: String)] = Dictionary(
        list.map { ($0.path, ($0.bytes, $0.type)) }, uniquingKeysWith: { $1 })

    /// The file at `path` as a response, or nil.
    static func response(_ path: String) -> Response? {
        guard let file = files[path] else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.type
        headers[.cacheControl] = "no-cache"
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
