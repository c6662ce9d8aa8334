import ApoloCommands
import ApoloCore
import ApoloEngine
import CApoloSystem
import ArgumentParser

/// `apolo stack …`: bursts of look-alike photos.
struct StackGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack", abstract: "List stacks (bursts), keep their best frame, split and merge them.",
        discussion: prose(
            """
            A stack is photos taken at most \(Int(Stacks.window)) s apart that look like one scene: their 24 × 18 \
            grey looks, normalised for exposure, differ by less than \(Look.sameSceneBelow) after the best shift of \
            up to two cells. Its suggested frame is one whose faces all have their eyes open, then not clipped, the \
            sharpest of those (by its faces when it has some). \
            Stacks are found from what apolo analyze measured; splits and merges are yours, kept in the project.
            """),
        subcommands: [
            StackListCLI.self, StackShowCLI.self, StackKeepCommand.self, StackSplitCommand.self, StackMergeCommand.self,
            StackAutoCommand.self
        ])
}

struct StackListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.stackList.summary)
    @Flag(help: "Print JSON: [{stack, photos: [{id, file, sharpness?, blurry?, clipped?, best?}]}].") var json = false

    struct Row: Encodable {
        let stack: String
        let photos: [SlideView]
    }

    func run() throws {
        let (rows, none) = try Runner.read { project in
            let analysis = Runner.analysis(of: project)
            let time = { (id: PhotoID) in project.photos[id]?.sortTime ?? Timestamp(seconds: 0, nanos: 0) }
            let kept = project.photos.values.filter { !$0.discarded }
            let measured = kept.filter { analysis.signals[$0.id] != nil }.count
            let none =
                measured == kept.count
                ? "no stacks: all \(kept.count) photos are measured and no two were shot as a burst (within "
                    + "\(Int(Stacks.window)) s of each other and alike)"
                : "no stacks yet: \(measured) of \(kept.count) photos are measured (apolo analyze measures the rest)"
            return (Self.rows(project, analysis, time), none)
        }
        if json { return try Output.json(rows) }
        if rows.isEmpty { return Output.line(none) }
        show(rows)
    }

    private static func rows(_ project: Project, _ analysis: Analysis, _ time: (PhotoID) -> Timestamp) -> [Row] {
        analysis.stacks.members.sorted { (time($0.value[0]), $0.key) < (time($1.value[0]), $1.key) }
            .map { stack, ids in
                Row(
                    stack: stack,
                    photos: ids.compactMap { id in
                        guard let photo = project.photos[id] else { return nil }
                        let at = project.locations(of: id).first ?? SlideLocation(.table, 0)
                        return SlideView(position: at.position, place: at.place, photo: photo, analysis: analysis)
                    })
            }
    }

    /// Each face's eyes ("open", "closed, open"), "no face", or "–" when faces were not looked for.
    static func eyes(_ faces: [SlideView.FaceView]?) -> String {
        guard let faces else { return "–" }
        return faces.isEmpty ? "no face" : faces.map(\.eyes.rawValue).joined(separator: ", ")
    }

    /// The least sharp face's focus ("0.459", "0.155 unsharp" when the frame is judged soft), or "" without faces.
    static func faceFocus(_ faces: [SlideView.FaceView]?, soft: Bool) -> String {
        guard let least = faces?.map(\.sharpness).min() else { return "" }
        return String(format: "%.3f", least) + (soft ? " unsharp" : "")
    }

    /// A frame's sharpness next to its stack's sharpest: "sharpest", "14% softer".
    static func relative(_ sharpness: Double?, _ sharpest: Double?) -> String {
        guard let sharpness, let sharpest, sharpest > 0 else { return "–" }
        let softer = Int(((1 - sharpness / sharpest) * 100).rounded())
        return softer <= 0 ? "sharpest" : "\(softer)% softer"
    }

    private func show(_ rows: [Row]) {
        for row in rows {
            let why = row.photos.first { $0.best == true }?.why.map { " (suggested: \($0))" } ?? ""
            Output.line("stack \(row.stack): \(row.photos.count) photos" + why)
            let sharpest = row.photos.compactMap(\.sharpness).max()
            let head = ["", "SLIDE", "FILE", "SHARPNESS", "FOCUS", "FACE FOCUS", "EYES", "CLIPPED"]
            Output.table(
                head,
                row.photos.map { view in
                    [
                        view.best == true ? "best" : "", "\(view.place):\(view.position)", view.file,
                        view.sharpness.map { String(format: "%.3f", $0) } ?? "–",
                        Self.relative(view.sharpness, sharpest),
                        Self.faceFocus(view.faces, soft: view.blurry == true), Self.eyes(view.faces),
                        view.clipped?.flagged == true ? "yes" : ""
                    ]
                })
        }
        Output.line("\(rows.count) stack\(rows.count == 1 ? "" : "s") (keep the best of one: apolo stack keep REF)")
    }
}

/// `apolo analyze`: measure the photos' signals and stack bursts.
struct AnalyzeCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze", abstract: CommandSpec.analyze.summary,
        discussion: prose(
            """
            Decodes each photo once at full size (a raw: its largest embedded preview) and measures its sharpness \
            at 100% (0–1), its shares of blown highlights and crushed shadows, a 24 × 18 look, and its faces and \
            eyes; then stacks bursts. Focus is judged sharp, soft or can't tell on the faces when there are any, \
            else on the most detailed regions, against the burst's sharpest frame and this camera's other photos \
            (docs/deciding.md). Results are cached: a photo is \
            measured once. Import runs it for new photos. Ctrl-C stops; what was measured is kept.

            Faces are found from about 4% of a large photo's longer side, and closer around the faces found (a \
            group's smaller faces). --small-faces looks at the photos named (a place's name: all its photos; none: \
            every photo) whole, at 1.5 times their size, for faces from 40 px: a second or two a photo, once.
            """))
    @Flag(help: "Measure every photo again, not only new ones.") var again = false
    @Flag(help: "Look at the photos named (or all) whole for faces from 40 px (a group in a large photo).")
    var smallFaces = false
    @Argument(help: ArgumentHelp("With --small-faces: photos, ranges (PLACE:A-B) or places.", valueName: "REF"))
    var refs: [String] = []

    func validate() throws {
        if !refs.isEmpty && !smallFaces {
            throw ValidationError("photos are named only with --small-faces; apolo analyze measures every new photo")
        }
    }
    @Flag(name: .shortAndLong, help: "No progress display.") var quiet = false
    @Flag(
        help: ArgumentHelp(
            "Print JSON: {measured, cached, failed: [{id, path, reason}], unmeasurable, stacks, "
                + "stacked, blurry, clipped, withFaces, closedEyes, faces?, "
                + "smallFaces?: {looked, faces, before}}."))
    var json = false

    func run() throws {
        apolo_catch_interrupts()
        let show = !quiet && !json && Context.stderrIsTerminal
        let progress: (@Sendable (Int, Int) -> Void)? = show ? Progress.analysing : nil
        let report = try Context.engine.analyze(
            again: again, smallFaces: smallFaces ? refs : nil, people: true,
            interrupted: { apolo_interrupted() != 0 }, progress: progress)
        Progress.clear()
        if json {
            try Output.json(report)
        } else {
            for problem in report.failed { Output.note("failed", "\(problem.path): \(problem.reason)") }
            if let faces = report.faces ?? report.facesFewer { Output.note("note", faces) }
            Output.line(report.summary)
        }
        if apolo_interrupted() != 0 { throw PartialFailure(summary: "", status: .interrupted) }
        if !report.failed.isEmpty { throw PartialFailure(summary: "") }
    }
}
