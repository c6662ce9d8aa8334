/// Consistency rules of a project document, checked on every load and after every example.
public enum ProjectCheck {
    /// Every rule the project breaks, as readable sentences (empty when the project is sound).
    /// `photosChecked`: the per-photo rules (id = key, rating 0–5) were already enforced by the reader.
    public static func problems(in project: Project, photosChecked: Bool = false) throws -> [String] {
        var problems: [String] = []
        if project.format != Project.format {
            problems.append("format is '\(project.format)', expected '\(Project.format)'")
        }
        if project.version > Project.version {
            problems.append(
                "version \(project.version) is newer than this apolo understands (\(Project.version)); upgrade apolo")
        } else if project.version < 1 {
            problems.append("version \(project.version) is not a valid schema version")
        }
        if let revision = project.revision, !Project.isValidRevision(revision) {
            problems.append("revision '\(revision.escaped)' is not a revision (letters, digits and ':', at most 80)")
        }
        for (key, photo) in photosChecked ? Photos() : project.photos { problems += self.problems(of: photo, key: key) }
        let stacked = project.stacking.cuts + project.stacking.joins.joined()
        if let bad = stacked.first(where: { !Photo.isValidID($0) }) {
            problems.append("stacks name '\(bad.escaped)', which is not a photo id (64 lowercase hex digits)")
        }
        if let gap = project.stacking.gap, !StackChoices.gaps.contains(gap) {
            problems.append("stacks have a gap of \(gap) ms; it must be 100 ms to 1 hour")
        }
        problems += shareProblems(project.sharing)
        problems += peopleProblems(project.people)
        var names = Set<String>()
        for (kind, rows) in [("shelf", project.shelves), ("album", project.albums)] {
            for row in rows {
                if !names.insert(row.name.foldKey).inserted { problems.append("the name '\(row.name)' is used twice") }
                problems += rowProblems(row, kind: kind, in: project)
            }
        }
        return problems
    }

    /// The rules of one photo: its key is a photo id equal to its `id`, its file name can be a file name, its
    /// path is absolute, its rating is 0–5.
    public static func problems(of photo: Photo, key: PhotoID) -> [String] {
        var found: [String] = []
        if !Photo.isValidID(key) {
            found.append("photo key '\(key.escaped)' is not a photo id (64 lowercase hex digits)")
        }
        if key != photo.id { found.append("photo key \(key.escaped) does not match its id \(photo.id.escaped)") }
        do { _ = try FileNames.component(photo.file, what: "the file name of photo \(photo.shortID)") } catch {
            found.append(error.message)
        }
        if !photo.path.hasPrefix("/") || photo.path.utf8.contains(0) {
            found.append("photo \(photo.shortID) has path '\(photo.path.escaped)'; it must be an absolute path")
        }
        if !(0...5).contains(photo.rating) {
            found.append("photo \(photo.file) has rating \(photo.rating) (must be 0–5)")
        }
        if let pair = photo.pair {
            if !Photo.isValidID(pair.id) {
                found.append("the pair of photo \(photo.shortID) has id '\(pair.id.escaped)', not a photo id")
            }
            do { _ = try FileNames.component(pair.file, what: "the pair file name of photo \(photo.shortID)") } catch {
                found.append(error.message)
            }
            if !pair.path.hasPrefix("/") || pair.path.utf8.contains(0) {
                found.append(
                    "the pair of photo \(photo.shortID) has path '\(pair.path.escaped)'; it must be an absolute path")
            }
        }
        for (key, value) in photo.meta ?? [:] {
            guard let field = MetaField(rawValue: key) else {
                found.append("photo \(photo.shortID) has an IPTC field '\(key.escaped)' apolo does not know")
                continue
            }
            do { _ = try field.check(value) } catch { found.append("photo \(photo.shortID): \(error.message)") }
        }
        if photo.meta?.isEmpty == true { found.append("photo \(photo.shortID) has an empty set of IPTC fields") }
        return found
    }
}

extension ProjectCheck {
    /// The rules a load checks, for a project that was sound before `patch` was applied: only what the patch
    /// touched is checked again (its photos, its rows, and the names of every row), so a one-photo edit on
    /// 50,000 photos checks a few things, not every slide.
    public static func problems(in project: Project, after patch: ProjectPatch) -> [String] {
        var problems: [String] = []
        if let revision = project.revision, !Project.isValidRevision(revision) {
            problems.append("revision '\(revision.escaped)' is not a revision")
        }
        if patch.shares != nil { problems += shareProblems(project.sharing) }
        if patch.people != nil { problems += peopleProblems(project.people) }
        var names = Set<String>()
        for (kind, rows, change) in [("shelf", project.shelves, patch.shelves), ("album", project.albums, patch.albums)]
        {
            for row in rows {
                if !names.insert(row.name.foldKey).inserted { problems.append("the name '\(row.name)' is used twice") }
                guard let change, change.after[row.name] != nil || !change.namesBefore.contains(row.name) else {
                    continue
                }
                problems += rowProblems(row, kind: kind, in: project)
            }
        }
        guard !patch.photos.isEmpty else { return problems }
        let placed = project.placedIDs
        for change in patch.photos {
            guard let photo = project.photos[change.id] else {
                if placed.contains(change.id) {
                    problems.append("a shelf or album refers to removed photo \(change.id)")
                }
                continue
            }
            problems += Self.problems(of: photo, key: change.id)
            if photo.discarded && placed.contains(change.id) {
                problems.append("discarded photo \(change.id) is on a shelf or in an album")
            }
        }
        return problems
    }
}

extension ProjectCheck {
    /// What is wrong with one shelf's or album's name and slides (a name used twice is the caller's to check).
    static func rowProblems(_ row: SlideRow, kind: String, in project: Project) -> [String] {
        var problems: [String] = []
        do { _ = try Names.place(row.name, kind: kind) } catch let error as CoreError {
            problems.append(error.message)
        } catch {}
        if Set(row.slides).count != row.slides.count { problems.append("\(kind) '\(row.name)' holds a photo twice") }
        for id in row.slides where !project.photos.contains(id) {
            problems.append("\(kind) '\(row.name)' refers to unknown photo \(id)")
        }
        for id in row.slides where project.photos.isDiscarded(id) == true {
            problems.append("\(kind) '\(row.name)' holds discarded photo \(id)")
        }
        return problems
    }
}
