import ApoloCore
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The pictures a share's reviewer is shown and downloads. None is cached for longer than the link lasts: a
/// revoked or expired link must take its photos back, so the browser asks again each time (`no-cache`) and an
/// unchanged picture answers 304 without its bytes, after the session was checked.
extension SharesConcern {
    /// Cache-Control of a shared thumbnail or preview: kept by the browser, but never shown again unasked.
    static let sharedCaching = "private, no-cache"

    /// A shared photo's thumbnail or preview; 304 when the browser holds it (`If-None-Match` names its tag).
    func shownImage(_ id: PhotoID, preview: Bool, request: Request) throws -> Response {
        let tag = "\"\(id)\(preview ? "-p" : "")b\""
        let held =
            request.headers[.ifNoneMatch]?.split(separator: ",")
            .contains { $0.trimmingCharacters(in: .whitespaces) == tag } ?? false
        var response = held ? Response(status: .notModified) : try table.image(id, preview: preview, bare: true)
        response.headers[.cacheControl] = Self.sharedCaching
        response.headers[.eTag] = tag
        return response
    }

    /// A shared photo's thumbnail or preview, or its download as the share allows (a 2,048 px JPEG, or the
    /// original's bytes), named by its position unless file names are shown.
    func sharedImage(_ share: Share, _ id: PhotoID, _ kind: String, request: Request) throws -> Response {
        guard kind == "download" else { return try shownImage(id, preview: kind == "preview", request: request) }
        guard share.download != .none else {
            throw HTTPFailure(status: .forbidden, said: Said("review.noDownloads", []))
        }
        let photo = try loaded().1.photos[id]
        let position = (share.photos.firstIndex(of: id) ?? 0) + 1
        let base =
            share.names
            ? photo.map { ($0.file as NSString).deletingPathExtension } ?? "photo"
            : String(format: "photo-%03d", position)
        var response: Response
        if share.download == .original, let photo {
            try table.isThePhoto(photo.path, photo.id)
            guard let bytes = try SafeFile.read(photo.path, limit: 1 << 30, noFollow: false) else {
                throw HTTPFailure(status: .gone, said: Said("review.originalGone", []))
            }
            response = Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            response.headers[.contentType] = "application/octet-stream"
            let ext = (photo.file as NSString).pathExtension
            response.headers[.contentDisposition] = "attachment; filename=\"\(Self.safe(base)).\(Self.safe(ext))\""
        } else {
            response = try table.image(id, preview: true, bare: true)
            response.headers[.contentDisposition] = "attachment; filename=\"\(Self.safe(base)).jpg\""
        }
        response.headers[.cacheControl] = "private, no-store"
        return response
    }

    /// A file name safe in a quoted header value: letters, digits, `-`, `_` and `.`; others become `_`.
    static func safe(_ name: String) -> String {
        String(
            name.unicodeScalars.map {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "-_.".unicodeScalars.contains($0))
                    ? Character($0) : "_"
            })
    }

}
