import ApoloCore
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The open project as the page sees it, and its pictures.
extension LightTable {
    func state() throws -> State {
        let (name, project) = try loaded()
        let (steps, position) = try engine.history(project: name, revision: project.revision ?? "")
        var places = [PlaceView(kind: "table", name: "table", slides: slides(project, .table))]
        places += project.shelves.map { PlaceView(kind: "shelf", name: $0.name, slides: slides(project, .shelf($0.name))) }
        places += project.albums.map { PlaceView(kind: "album", name: $0.name, slides: slides(project, .album($0.name))) }
        places.append(PlaceView(kind: "discarded", name: "discarded", slides: slides(project, .discarded)))
        return State(project: name, revision: project.revision ?? "", places: places,
                     undo: position > 0 ? steps[position - 1]?.summary ?? "(a damaged step)" : nil,
                     redo: position < steps.count ? steps[position]?.summary ?? "(a damaged step)" : nil)
    }

    private func slides(_ project: Project, _ place: Place) -> [Slide] {
        project.slideViews(place).map { Slide(id: $0.id, file: $0.file, rating: $0.rating, tags: $0.tags, captured: $0.captured) }
    }

    /// Changes whenever the open project's document is replaced (every save renames a new file into place):
    /// what the page polls to show changes made elsewhere within a second.
    func version() -> String {
        guard let name = try? engine.store.currentName() else { return "none" }
        var info = stat()
        guard stat(FileNames.bytes(of: engine.store.home.document(name)), &info) == 0 else { return "missing" }
        return "\(name)-\(info.st_ino)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(info.st_size)"
    }

    /// The open project, loaded again only when its document changed.
    func loaded() throws -> (String, Project) {
        let name = try engine.store.requireCurrent()
        return (name, try memory.project(version: version()) { try engine.store.load(name) })
    }

    /// A thumbnail or an upright 2048 px preview of a photo of the open project, made when missing, with strong
    /// caching (the id is the content hash, so a picture never changes under its URL).
    func image(_ id: String, preview: Bool) throws -> Response {
        guard Photo.isValidID(id), let photo = try loaded().1.photos[id] else {
            throw HTTPFailure(status: .notFound, message: "'\(id.escaped)' is not a photo of the open project")
        }
        let cache = engine.store.home.cacheFolder
        let path: String
        do {
            if preview {
                path = try PreviewStore(folder: cache + "/previews").preview(of: photo, size: 2048)
            } else {
                let thumbs = ThumbnailStore(folder: cache + "/thumbs")
                path = thumbs.has(id) ? thumbs.path(for: id) : try thumbs.make(from: photo.path, id: id)
            }
        } catch {
            throw HTTPFailure(status: .unprocessableContent, message: "\(photo.file.escaped): \(error)")
        }
        guard let bytes = try SafeFile.read(path, limit: 64 << 20) else { throw HTTPFailure(status: .notFound, message: "no picture of \(photo.file)") }
        var headers = HTTPFields()
        headers[.contentType] = "image/jpeg"
        headers[.cacheControl] = "private, max-age=31536000, immutable"
        headers[.eTag] = "\"\(id)\(preview ? "-p" : "")\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The last project loaded, with the document version it came from (shared by the server's requests).
final class LoadedProject: @unchecked Sendable {
    private let lock = NSLock()
    private var version = ""
    private var project: Project?

    func project(version: String, load: () throws -> Project) throws -> Project {
        lock.lock()
        defer { lock.unlock() }
        if version == self.version, let project { return project }
        let fresh = try load()
        (self.version, project) = (version, fresh)
        return fresh
    }
}
