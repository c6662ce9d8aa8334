import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The open project as the page sees it, and its pictures.
extension LightTable {
    /// The whole state as JSON, from the open project as it is on disk.
    func state(_ language: Language = .english) throws -> [UInt8] {
        let (_, project) = try loaded()
        var json = JSONWriter(capacity: project.photos.count * 200 + 4096)
        memory.view(of: project).write(project, history: try history(project, language), to: &json)
        return json.bytes
    }

    /// The state after a change the page asked for, as a delta from the view it had when it can be (the change
    /// applied to the revision the page saw, and that view is still known), else whole. `undo` names the step
    /// just recorded (nil for an undo or redo, whose neighbours are read from the history).
    func state(after outcome: Outcome, from revision: String?, undo: String?, _ language: Language) throws -> [UInt8] {
        guard outcome.changed, let revision, let old = memory.view(revision: revision) else {
            return try state(language)
        }
        let project = outcome.project
        let view = memory.view(of: project, or: old.unmoved(project, outcome.patch))
        let history = try undo.map { PlacesView.History(undo: $0, redo: nil) } ?? self.history(project, language)
        var json = JSONWriter(capacity: 4096)
        view.writeDelta(from: old, project, history: history, patch: outcome.patch, to: &json)
        return json.bytes
    }

    /// What undo and redo would do, in `language`.
    func history(_ project: Project, _ language: Language) throws -> PlacesView.History {
        let revision = project.revision ?? ""
        let (steps, position) = try memory.history(project.name, revision: revision) {
            try engine.history(project: project.name, revision: revision)
        }
        let name = { (i: Int) in steps[i]?.told.text(language, for: .page) ?? "(a damaged step)" }
        return PlacesView.History(
            undo: position > 0 ? name(position - 1) : nil,
            redo: position < steps.count ? name(position) : nil)
    }

    /// Changes whenever the open project's document is replaced: what the page polls to show changes made
    /// elsewhere within a second.
    func version() -> String {
        guard let name = try? engine.store.currentName() else { return "none" }
        return memory.version(name)
    }

    /// The open project, loaded again only when its document changed.
    func loaded() throws -> (String, Project) {
        let name = try engine.store.requireCurrent()
        return (name, try memory.project(name) { try engine.store.load(name) })
    }

    /// The ids of the open project's photos whose original cannot be read now (a `stat` each, so asked apart
    /// from the state: at 50,000 photos it takes a moment the page does not wait for).
    func missing() throws -> Response {
        let project = try loaded().1  // asked again each time: an original can go without the document changing
        let ids = project.photos.compactMap { id, photo in POSIX.originalProblem(photo.path) == nil ? nil : id }
            .sorted()
        var json = JSONWriter()
        json.strings(ids)
        return Self.json(bytes: json.bytes)
    }

    /// A thumbnail or an upright 2048 px preview of a photo of the open project, made when missing, with strong
    /// caching (the id is the content hash, so a picture never changes under its URL).
    /// `full`: pixel for pixel (its longer side, at most 16,384), for the loupe's 100% view.
    func image(_ id: String, preview: Bool, full: Bool = false, bare: Bool = false) throws -> Response {
        guard Photo.isValidID(id), let photo = try loaded().1.photos[id] else {
            throw HTTPFailure(status: .notFound, message: "'\(id.escaped)' is not a photo of the open project")
        }
        let cache = engine.store.home.cacheFolder
        let bytes: [UInt8]
        do {
            if preview {
                let size = full ? min(16384, max(photo.width ?? 8192, photo.height ?? 8192)) : 2048
                let store = PreviewStore(cache: cache)
                bytes = try store.preview(of: photo, size: size, bare: bare, check: isThePhoto).bytes
            } else {
                bytes = try thumbnail(of: photo, cache: cache)
            }
        } catch let failure as HTTPFailure {
            throw failure
        } catch {
            let full = FailureKind.storage("\(error)") == .noSpace
            throw HTTPFailure(
                status: full ? HTTPResponse.Status(code: 507) : .unprocessableContent,
                message: "\(photo.file.escaped): \(error)")
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/jpeg"
        headers[.cacheControl] = "private, max-age=31536000, immutable"
        headers[.eTag] = "\"\(id)\(full ? "-f" : preview ? "-p" : "")\(bare ? "b" : "")\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension LightTable {
    /// The thumbnail of a photo; for a RAW+JPEG pair whose raw cannot be shown (no usable preview, a decoder
    /// failure), the thumbnail of its JPEG, which is the same picture.
    func thumbnail(of photo: Photo, cache: String) throws -> [UInt8] {
        let store = ThumbnailStore(cache: cache)
        if let bytes = store.read(photo.id) { return bytes }
        do {
            try isThePhoto(photo.path, photo.id)
            return try store.make(from: photo.path, id: photo.id).bytes
        } catch {
            guard let pair = photo.pair else { throw error }
            try isThePhoto(pair.path, pair.id)
            return try store.make(from: pair.path, id: photo.id).bytes
        }
    }

    /// Refuses to show a file that is not the photo imported at that path (a document whose `path` was edited to
    /// name another picture): the cache vouches for it as import read it, or its content hash is the id. A file
    /// that cannot be read passes, for the decoder to say why.
    func isThePhoto(_ path: String, _ id: PhotoID) throws {
        let cache = try? MetadataCache(folder: engine.store.home.cacheFolder)
        // a file that cannot be read is left to the decoder's own words
        if cache?.vouches(for: path, is: id) == true { return }
        guard let hash = ContentHash.of(file: path), hash != id else { return }
        throw HTTPFailure(
            status: .conflict,
            message: "\(path.escaped) is not the photo imported there (its content "
                + "changed); find it again with: apolo relink")
    }
}
