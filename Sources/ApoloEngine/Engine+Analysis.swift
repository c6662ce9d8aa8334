import ApoloCore
import ApoloMedia
import ApoloStore
import CApoloSystem
import Foundation

extension Engine {
    /// The signals cache (the metadata cache's database).
    func signalsCache() throws -> MetadataCache {
        let cache = try MetadataCache(folder: store.home.cacheFolder)
        cache.warnings.forEach(warn)
        return cache
    }

    /// What is measured of these photos (nothing when the cache cannot be read).
    public func signals(of ids: Set<PhotoID>) -> [PhotoID: Signals] {
        (try? signalsCache())?.signals(for: ids) ?? [:]
    }

    /// What is measured of the project's photos, and its stacks.
    public func analysis(of project: Project) -> Analysis {
        guard let cache = try? signalsCache() else { return Analysis(project: project, signals: [:]) }
        let order = project.photos.captureRefs()  // sorted once: for the looks to read and for the stacks
        return Analysis(project: project, signals: Self.measures(of: project, order: order, in: cache), order: order)
    }

    /// Every measured photo's signals, with looks only for the photos a stack could compare; `ids` and `order`,
    /// the project's when the caller holds them already (the signals' keys share the ids' strings).
    static func measures(
        of project: Project, ids: Set<PhotoID>? = nil, order: CaptureOrder? = nil, in cache: MetadataCache
    ) -> [PhotoID: Signals] {
        let near = project.photos.takenNear(within: Stacks.window, in: order)
        return cache.signals(for: ids ?? Set(project.photos.keys), looks: near)
    }

    /// The edit, handed the analysis of `project` when it needs it.
    func prepared(_ edit: any Edit, for project: Project) throws -> any Edit {
        var edit = edit
        if let needing = edit as? any NeedsReviews, needing.needsReviews {
            edit = needing.with(reviews: try reviews(project: project.name))
        }
        guard let needing = edit as? any NeedsAnalysis, needing.needsAnalysis else { return edit }
        return needing.with(analysis(of: project))
    }

    /// Photos measured between two stores of their measures.
    static let analysisBatch = 64

    /// Measures the photos of the open project (or `name`) that the cache has no signals of (all with `again`),
    /// in parallel, outside the project's lock: signals are derived data, the document is not changed. With
    /// `smallFaces` (references: photos, ranges or whole places; none: every photo), those photos are also looked at
    /// whole for faces from 40 px, once. With `people`, the faces are then grouped into people (`groupPeople`: a
    /// change of the document, one undo step); the light table's background analysis leaves that to the page.
    public func analyze(
        _ name: String? = nil, again: Bool = false, smallFaces: [String]? = nil, people: Bool = false,
        interrupted: @escaping @Sendable () -> Bool = { false },
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> AnalyzeReport {
        let name = try name ?? store.requireCurrent()
        // the project and its analysis are let go first: grouping people loads the project again, to change it
        var (report, measured) = try measure(
            name, again: again, smallFaces: smallFaces, interrupted: interrupted, progress: progress)
        if people, !interrupted() { report.people = try groupPeople(name, measured: measured).0 }
        return report
    }

    /// The measuring of `analyze`: its report, and every measured photo's signals.
    func measure(
        _ name: String, again: Bool, smallFaces: [String]?, interrupted: @escaping @Sendable () -> Bool,
        progress: (@Sendable (Int, Int) -> Void)?
    ) throws -> (AnalyzeReport, [PhotoID: Signals]) {
        apolo_give_back_memory()  // an import's transaction just let go of its documents
        let project = try store.load(name)
        let cache = try signalsCache()
        let ids = Set(project.photos.keys)
        var known = again ? [:] : cache.signals(for: ids, looks: [])
        let unmeasurable = again ? [:] : cache.failures(for: ids)
        let faces = FaceFinder.installed  // photos measured while faces were off are measured again once they are on
        let identities = FaceFinder.identifies  // and faces measured without the identity model, once it is there
        FaceFinder.beginRun()
        // and faces found by dlib's older detector while YuNet's model was missing, once YuNet finds them
        let yunet = faces && known.values.contains { $0.fewerFaces == true } && FaceFinder.findsWithYuNet()
        let closer = try smallFaces.map { try Set(Self.photos(named: $0, in: project)) } ?? []
        // ids and the files to read only: at 200,000 photos whole photos would be held through the measuring
        var todo: [(id: PhotoID, path: String)] = project.photos.lazy.map(\.value).compactMap { photo in
            let due =
                unmeasurable[photo.id] == nil
                && (known[photo.id] == nil || faces && known[photo.id]?.faces == nil
                    || identities && known[photo.id]?.faces?.contains { $0.identity == nil } == true
                    || closer.contains(photo.id) && known[photo.id]?.smallFaces != true
                    || yunet && known[photo.id]?.fewerFaces == true)
            return due ? (photo.id, photo.pair?.path ?? photo.path) : nil
        }.sorted { $0.id < $1.id }
        var analyzer = Analyzer()
        analyzer.smallFaces = closer
        analyzer.interrupted = interrupted
        var report = AnalyzeReport()
        report.cached = known.count - todo.filter { known[$0.id] != nil }.count
        report.unmeasurable = unmeasurable.count
        let facesBefore = closer.isEmpty ? [:] : known.compactMapValues { $0.faces?.count }
        known = [:]  // let go before every photo's measures are read again below: one copy at a time
        // stored every `analysisBatch` photos: a kill or a full disk loses at most one batch of measures
        let total = todo.count
        for start in stride(from: 0, to: total, by: Self.analysisBatch) {
            let batch = todo[start..<min(start + Self.analysisBatch, total)]
            if let progress { analyzer.progress = { done, _ in progress(start + done, total) } }
            var fresh: [(PhotoID, Signals)] = [], refused: [(PhotoID, String)] = []
            let paths = Dictionary(batch.map { ($0.id, $0.path) }, uniquingKeysWith: { a, _ in a })
            for (id, result) in analyzer.run(Array(batch)) {
                switch result {
                case .success(let signals):
                    fresh.append((id, signals))
                    if faces && signals.faces == nil { report.facesFailed += 1 }
                case .failure(let error):
                    let path = paths[id] ?? id
                    report.failed.append(.init(id: id, path: path, reason: error.description))
                    // remembered only when the file was there to read: a missing one is tried again next time
                    if !interrupted(), POSIX.originalProblem(path) == nil { refused.append((id, error.description)) }
                }
            }
            try cache.store(signals: fresh)
            try cache.store(failures: refused)
            report.measured += fresh.count
        }
        let looked = smallFaces == nil ? [] : todo.map(\.id).filter { closer.contains($0) }
        todo = []  // its ids and paths (45 MB at 200,000 photos) are not needed to count what was measured
        apolo_give_back_memory()  // nor the pictures' buffers, kept for the next photo while measuring
        let order = project.photos.captureRefs()
        let measured = Self.measures(of: project, ids: ids, order: order, in: cache)
        report.count(Analysis(project: project, signals: measured, order: order))
        report.faces = FaceFinder.off
        report.facesFewer = report.faces == nil ? FaceFinder.fewer : nil
        if smallFaces != nil {
            report.smallFaces = .init(looked: looked, measured, facesBefore)
        }
        return (report, measured)
    }

    /// The photos `refs` name: a place's name stands for every photo on it; no reference, every photo.
    static func photos(named refs: [String], in project: Project) throws -> [PhotoID] {
        guard !refs.isEmpty else { return Array(project.photos.keys) }
        return try refs.flatMap { ref -> [PhotoID] in
            if project.photos[ref] != nil { return [ref] }  // a whole id (the page names photos so)
            if let place = project.place(named: ref), (try? project.resolvePhoto(SlideRef(ref))) == nil {
                return project.slides(of: place)
            }
            return try project.resolvePhotos(project.references(ref))
        }
    }
}
