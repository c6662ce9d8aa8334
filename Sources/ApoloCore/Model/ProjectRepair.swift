/// Safe repairs of a damaged project: nothing the user made is dropped except references to photos that
/// do not exist. Each repair is described in a sentence.
public enum ProjectRepair {
    public static func repair(_ damaged: Project) -> (Project, [String]) {
        var project = damaged
        var done: [String] = []
        for (key, _) in project.photos where !Photo.isValidID(key) {
            project.photos[key] = nil
            done.append("photo '\(key.escaped)': dropped (its key is not a photo id)")
        }
        for (key, photo) in project.photos where photo.id != key {
            project.photos[key]?.id = key
            done.append("photo \(key): its id field said \(photo.id); set it to its key")
        }
        for (key, photo) in project.photos where !(0...5).contains(photo.rating) {
            project.photos[key]?.rating = min(5, max(0, photo.rating))
            done.append("photo \(photo.file): rating \(photo.rating) clamped to \(min(5, max(0, photo.rating)))")
        }
        if let revision = project.revision, !Project.isValidRevision(revision) {
            project.revision = nil
            done.append("revision '\(revision.escaped)' dropped (not a revision)")
        }
        var names = Set<String>()
        project.shelves = rows(project.shelves, kind: "shelf", project: &project, names: &names, done: &done)
        project.albums = rows(project.albums, kind: "album", project: &project, names: &names, done: &done)
        return (project, done)
    }

    private static func rows(
        _ rows: [SlideRow], kind: String, project: inout Project, names: inout Set<String>, done: inout [String]
    ) -> [SlideRow] {
        rows.enumerated().map { index, row in
            var row = row
            if (try? Names.place(row.name, kind: kind)) == nil || names.contains(row.name.foldKey) {
                var base = row.name.filter { $0 != ":" && $0 != "/" && !$0.unicodeScalars.contains { $0.value < 0x20 } }
                    .trimmingSpaces
                if base.isEmpty || Names.reserved.contains(base.lowercased()) { base = "\(kind)-\(index + 1)" }
                var candidate = base, n = 2
                while names.contains(candidate.foldKey) { candidate = "\(base)-\(n)"; n += 1 }
                done.append("\(kind) '\(row.name.escaped)' renamed to '\(candidate)' (invalid or duplicate name)")
                row.name = candidate
            }
            names.insert(row.name.foldKey)
            var seen = Set<PhotoID>()
            let kept = row.slides.filter { id in
                guard project.photos[id] != nil else {
                    done.append("\(kind) '\(row.name)': dropped a reference to unknown photo \(id)"); return false
                }
                guard seen.insert(id).inserted else {
                    done.append("\(kind) '\(row.name)': dropped a second slide of photo \(id.prefix(10))"); return false
                }
                return true
            }
            for id in kept where project.photos[id]?.discarded == true {
                project.photos[id]?.discarded = false
                done.append(
                    "photo \(project.photos[id]?.file ?? id) was discarded but on \(kind) '\(row.name)': restored")
            }
            row.slides = kept
            return row
        }
    }
}
