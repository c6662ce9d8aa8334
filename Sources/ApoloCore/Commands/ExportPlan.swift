/// One file an export writes.
public struct ExportItem: Equatable, Sendable, Codable {
    public let sequence: Int
    public let album: String
    public let id: PhotoID
    public let original: String
    public var name: String
    /// The photo's rating, tags and colour label, for sidecars.
    public var rating = 0
    public var tags: [String] = []
    public var label: ColourLabel?
    /// Size and modification time recorded at import: when the original still has them it is copied without rehashing.
    public var bytes = 0
    public var modified = ""
    /// The photo's faces (boxes as shown), its EXIF orientation and stored size, for sidecars' MWG regions.
    public var faces: [[Double]] = []
    /// Each face's person's name, when the photographer named them (nil for the others).
    public var faceNames: [String?] = []
    public var orientation = 1
    public var width: Int?
    public var height: Int?
    /// The photo's IPTC fields: embedded in JPEG copies and written to sidecars.
    public var meta: [String: String]?
    /// The corrected capture time of a photo whose camera clock was fixed (`time shift`), for `exif:DateTimeOriginal`.
    public var corrected: String?

    public init(
        sequence: Int, album: String, id: PhotoID, original: String, name: String, rating: Int = 0,
        tags: [String] = [], label: ColourLabel? = nil, bytes: Int = 0, modified: String = ""
    ) {
        self.bytes = bytes
        self.modified = modified
        self.sequence = sequence
        self.album = album
        self.id = id
        self.original = original
        self.name = name
        self.rating = rating
        self.tags = tags
        self.label = label
    }
}

/// The pure half of `export`: every album's slides, albums in order, numbered globally.
///
/// Names are `SEQ-ALBUM-ORIGINAL` (e.g. `001-lisbon-IMG_0042.jpg`), SEQ zero-padded to
/// max(3, digits of the count), so a plain name sort gives album order; the name is cut to 255 bytes.
public enum ExportPlan {
    /// Which files of a RAW+JPEG pair an export writes (both under the photo's number).
    public enum PairChoice: String, Sendable, CaseIterable {
        case raw, jpeg, both
    }

    /// The rows an export writes: every album, or the albums and shelves `only` names (in the project's order:
    /// albums first, then shelves); throws naming what does not exist, or when the project has no albums.
    public static func rows(of project: Project, only: [String]? = nil, slides: [String]? = nil) throws
        -> [SlideRow]
    {
        if let slides, !slides.isEmpty { return [try selection(of: project, slides)] }
        guard let only, !only.isEmpty else {
            guard !project.albums.isEmpty else {
                throw CoreError(
                    .empty,
                    "project '\(project.name)' has no albums to export; make one with: "
                        + "apolo album compress SHELF")
            }
            return project.albums
        }
        let wanted = Set(only.map(\.foldKey))
        let all = project.albums + project.shelves
        for name in only where !all.contains(where: { $0.name.foldKey == name.foldKey }) {
            let known = Names.closest(to: name, among: all.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
            throw CoreError(.notFound, "no album or shelf named '\(name)' to export\(known)")
        }
        return all.filter { wanted.contains($0.name.foldKey) }
    }

    /// The slides `refs` name, in that order, each photo once: one row named after their place (`selection` when
    /// they are on several).
    static func selection(of project: Project, _ refs: [String]) throws -> SlideRow {
        let named = refs.flatMap { project.references($0) }
        let ids = try project.resolvePhotos(named)
        let places = Set(named.map { $0.text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? "" })
        let one = named.allSatisfy { $0.text.contains(":") } && places.count == 1 ? places.first : nil
        return SlideRow(name: one.flatMap { $0.isEmpty ? nil : $0 } ?? "selection", slides: ids)
    }

    /// The files to write, in order: the albums (or the albums and shelves `only` names), numbered across them.
    /// `faces`, each photo's face boxes as shown (from the analysis), go to the sidecars.
    public static func items(
        for project: Project, pairs: PairChoice = .both, faces: [PhotoID: [[Double]]] = [:],
        names: NameTemplate? = nil, job: String? = nil,
        only: [String]? = nil, slides: [String]? = nil
    ) throws -> [ExportItem] {
        let rows = try rows(of: project, only: only, slides: slides)
        let total = rows.reduce(0) { $0 + $1.slides.count }
        let width = max(3, String(total).count)
        var items: [ExportItem] = [], seq = 0
        let named = project.everyone.namedFaces
        for album in rows {
            for id in album.slides {
                guard let photo = project.photos[id] else { continue }
                seq += 1
                let digits = String(seq)
                let number = String(repeating: "0", count: width - digits.count) + digits
                let first = items.count
                defer {
                    for k in first..<items.count {
                        (items[k].faces, items[k].orientation) = (faces[id] ?? [], photo.orientation)
                        items[k].faceNames = items[k].faces.indices.map { named[FaceKey.of(id, $0)] }
                        (items[k].width, items[k].height) = (photo.width, photo.height)
                        items[k].meta = photo.meta
                        items[k].corrected = photo.shifted == nil ? nil : photo.captured
                    }
                }
                let name = { (file: String) in
                    names.map { delivery($0, photo, file: file, seq: seq, album: album.name, job: job ?? project.name) }
                        ?? fileName(number, album.name, file)
                }
                if photo.pair == nil || pairs != .jpeg {
                    items.append(
                        ExportItem(
                            sequence: seq, album: album.name, id: id, original: photo.path,
                            name: name(photo.file), rating: photo.rating, tags: photo.tags,
                            label: photo.label, bytes: photo.bytes, modified: photo.modified))
                }
                if let pair = photo.pair, pairs != .raw {
                    items.append(
                        ExportItem(
                            sequence: seq, album: album.name, id: pair.id, original: pair.path,
                            name: name(pair.file), rating: photo.rating, tags: photo.tags,
                            label: photo.label, bytes: pair.bytes))
                }
            }
        }
        if names != nil { try unique(items) }
        return items
    }

    /// A delivery name (`--name "{job}_{seq:4}"`): the template for the photo, then the file's own extension.
    static func delivery(
        _ template: NameTemplate, _ photo: Photo, file: String, seq: Int, album: String,
        job: String
    ) -> String {
        let stem = photo.file.lastIndex(of: ".").map { String(photo.file[..<$0]) } ?? photo.file
        var values = NameValues(wallClock: String((photo.captured ?? photo.modified).prefix(19)), name: stem)
        (values.camera, values.make, values.lens, values.job) = (photo.camera, photo.make, photo.lens, job)
        (values.seq, values.album) = (seq, album)
        let ext = file.lastIndex(of: ".").map { String(file[$0...]) } ?? ""
        return String(NameTemplate.cut(Substring(template.expand(values)), bytes: maxNameBytes - ext.utf8.count)) + ext
    }

    /// Refuses a template that gives two files one name.
    static func unique(_ items: [ExportItem]) throws {
        var seen: [String: Int] = [:]
        for item in items {
            let key = item.name.lowercased()
            if let other = seen[key], other != item.sequence {
                throw CoreError(
                    .invalid,
                    "the name template gives '\(item.name)' to photos \(other) and "
                        + "\(item.sequence); put {seq} in it")
            }
            seen[key] = item.sequence
        }
    }

    /// The longest export name in UTF-8 bytes: 255, less room for a `.xmp` sidecar beside it.
    public static let maxNameBytes = 251

    /// `NUMBER-ALBUM-FILE`, at most `maxNameBytes`: the album part is shortened first, then dropped, then the file
    /// name's stem is cut; the number and the extension are always kept.
    static func fileName(_ number: String, _ album: String, _ file: String) -> String {
        var album = album.replacingSpaces
        let fixed = number.utf8.count + 2 + file.utf8.count
        while fixed + album.utf8.count > maxNameBytes, !album.isEmpty { album.removeLast() }
        if !album.isEmpty { return "\(number)-\(album)-\(file)" }
        let dot = file.lastIndex(of: ".").flatMap {
            file.distance(
                from: $0,
                to: file.endIndex) <= 16 && $0 != file.startIndex ? $0 : nil
        }
        var stem = String(file[..<(dot ?? file.endIndex)])
        let ext = String(file[(dot ?? file.endIndex)...])
        while number.utf8.count + 1 + stem.utf8.count + ext.utf8.count > maxNameBytes, !stem.isEmpty {
            stem.removeLast()
        }
        return "\(number)-\(stem)\(ext)"
    }
}

extension String {
    fileprivate var replacingSpaces: String { String(map { $0 == " " ? "_" : $0 }) }
}
