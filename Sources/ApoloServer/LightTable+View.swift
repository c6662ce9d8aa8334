import ApoloCore

/// The light table as the page holds it: every place as a list of photo ids, and each photo once. A change
/// answers with only what differs from the view the page had (a few hundred bytes at 50,000 photos, not 8 MB).
struct PlacesView: Sendable {
    struct Row: Sendable {
        let kind: String
        let name: String
        let ids: [PhotoID]
        var key: String { kind + ":" + name }
    }

    let revision: String
    let rows: [Row]

    /// The places of `project` in page order: the table, shelves, albums, the discarded tray. The table row holds
    /// its rejects too, each in its place (the page shows them dimmed until the photographer hides them).
    init(_ project: Project) {
        let table = project.photos.tableOrder(discarded: nil, excluding: project.placedIDs)
        var rows = [Row(kind: "table", name: "table", ids: table)]
        rows += project.shelves.map { Row(kind: "shelf", name: $0.name, ids: $0.slides) }
        rows += project.albums.map { Row(kind: "album", name: $0.name, ids: $0.slides) }
        rows.append(Row(kind: "discarded", name: "discarded", ids: project.photos.tableOrder(discarded: true)))
        self.rows = rows
        revision = project.revision ?? ""
    }

    private init(revision: String, rows: [Row]) {
        self.revision = revision
        self.rows = rows
    }

    /// This view under the revision `project` has now, when `patch` cannot have moved a slide: no shelf or album
    /// changed, and no photo changed what orders the table (time, file name) or whether it is discarded.
    func unmoved(_ project: Project, _ patch: ProjectPatch) -> PlacesView? {
        guard patch.shelves == nil, patch.albums == nil else { return nil }
        let still = patch.photos.allSatisfy { change in
            guard let a = change.before, let b = change.after else { return false }
            return a.discarded == b.discarded && a.sortTime == b.sortTime && a.file == b.file
        }
        return still ? PlacesView(revision: project.revision ?? "", rows: rows) : nil
    }

    /// The whole state: places as ids, then every photo.
    func write(_ project: Project, history: History, to json: inout JSONWriter) {
        json.object { json in
            Self.head(project, revision, history, &json)
            json.key("places")
            json.array { json in
                for row in rows {
                    json.object { json in
                        Self.name(row, &json)
                        json.key("ids")
                        json.strings(row.ids)
                    }
                }
            }
            json.key("photos")
            json.object { json in
                for (id, photo) in project.photos { Self.photo(id, photo, &json) }
            }
        }
    }

    /// What turns `old` (the view the page has) into this one: each place unchanged (`same`), spliced
    /// (`splice: [at, remove, [ids]]`) or new (`ids`), and the photos `patch` changed.
    func writeDelta(
        from old: PlacesView, _ project: Project, history: History, patch: ProjectPatch, to json: inout JSONWriter
    ) {
        let before = Dictionary(old.rows.map { ($0.key, $0.ids) }, uniquingKeysWith: { a, _ in a })
        json.object { json in
            Self.head(project, revision, history, &json)
            json.key("base")
            json.string(old.revision)
            json.key("places")
            json.array { json in
                for row in rows { json.object { json in Self.change(row, from: before[row.key], &json) } }
            }
            json.key("photos")
            json.object { json in
                for change in patch.photos { if let photo = change.after { Self.photo(change.id, photo, &json) } }
            }
        }
    }

    /// What undo and redo would do, named as the history names them.
    struct History {
        let undo: String?
        let redo: String?
    }

    static func head(_ project: Project, _ revision: String, _ history: History, _ json: inout JSONWriter) {
        json.key("project")
        json.string(project.name)
        json.key("revision")
        json.string(revision)
        json.key("undo")
        json.string(history.undo)
        json.key("redo")
        json.string(history.redo)
    }

    static func name(_ row: Row, _ json: inout JSONWriter) {
        json.key("kind")
        json.string(row.kind)
        json.key("name")
        json.string(row.name)
    }

    private static func change(_ row: Row, from old: [PhotoID]?, _ json: inout JSONWriter) {
        name(row, &json)
        guard let old else {
            json.key("ids")
            return json.strings(row.ids)
        }
        if old == row.ids {
            json.key("same")
            return json.bool(true)
        }
        var start = 0
        while start < old.count, start < row.ids.count, old[start] == row.ids[start] { start += 1 }
        var end = 0
        while end < old.count - start, end < row.ids.count - start,
            old[old.count - 1 - end] == row.ids[row.ids.count - 1 - end]
        { end += 1 }
        json.key("splice")
        json.array { json in
            json.int(start)
            json.int(old.count - start - end)
            json.strings(Array(row.ids[start..<(row.ids.count - end)]))
        }
    }

    static func photo(_ id: PhotoID, _ photo: Photo, _ json: inout JSONWriter) {
        json.key(id)
        json.object { json in
            json.key("file")
            json.string(photo.file)
            json.key("rating")
            json.int(photo.rating)
            json.key("tags")
            json.strings(photo.tags)
            json.key("captured")
            json.string(photo.captured ?? photo.modified)
            if photo.discarded {
                json.key("discarded")
                json.bool(true)
            }
            if let label = photo.label {
                json.key("label")
                json.string(label.rawValue)
            }
            if let camera = photo.camera {
                json.key("camera")
                json.string(camera)
            }
            if let pair = photo.pair {
                json.key("pair")
                json.string(pair.file)
            }
            if let shot = photo.shooting {
                json.key("shot")
                json.string(shot)
            }
            if let width = photo.width, let height = photo.height {
                json.key("size")
                json.string("\(width) × \(height)")
            }
            if let meta = photo.meta {
                json.key("meta")
                json.object { json in
                    for (key, text) in meta.sorted(by: { $0.key < $1.key }) {
                        json.key(key)
                        json.string(text)
                    }
                }
            }
        }
    }
}
