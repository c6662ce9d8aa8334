import ApoloCore

/// The listings shelves and albums share: `list` (names with counts) and `show` (slides in order).
enum Listings {
    static func rows(albums: Bool, json: Bool) throws {
        let rows = try Runner.read { $0.summaries(albums: albums) }
        if json { return try Output.json(rows) }
        if rows.isEmpty {
            return Output.line(
                albums
                    ? "no albums yet; make one with: apolo album compress SHELF"
                    : "no shelves yet; create one with: apolo shelf create NAME")
        }
        Output.table(
            ["#", albums ? "ALBUM" : "SHELF", "SLIDES"], rows.map { [String($0.position), $0.name, String($0.slides)] },
            right: [0, 2])
    }

    static func slides(of name: String, album: Bool, json: Bool) throws {
        let (title, views) = try Runner.read { project in
            let row =
                album ? project.albums[try project.requireAlbum(name)] : project.shelves[try project.requireShelf(name)]
            return (
                row.name,
                project.slideViews(
                    album ? .album(row.name) : .shelf(row.name),
                    analysis: json ? Runner.analysis(of: project) : nil)
            )
        }
        if json { return try Output.json(array: views) }
        Output.line(
            """
            \(album ? "album" : "shelf") \(title): \(views.count) \
            slide\(views.count == 1 ? "" : "s")\(album ? " (locked)" : "")
            """
        )
        if !views.isEmpty { Output.slides(views) }
    }
}
