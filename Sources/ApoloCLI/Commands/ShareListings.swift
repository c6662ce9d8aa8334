import ApoloCore
import ApoloEngine
import ArgumentParser

/// A share as `share list --json` and `share show --json` print it.
struct ShareView: Encodable {
    let number: Int
    let title: String
    let source: String
    let photos: Int
    let link: String
    let created: String
    let expires: String?
    let revoked: String?
    let open: Bool
    let password: Bool
    let maxPicks: Int?
    let download: String
    let comments: Bool
    let names: Bool
    /// Guests may find themselves (`--find-me on`).
    let findMe: Bool
    let reviewers: [ReviewerView]

    struct ReviewerView: Encodable {
        let name: String
        let picks: [String]
        let comments: [String: String]
        let submitted: String?
    }

    /// `base`: where a running serve answers the project (nil: none runs; the link is its path).
    init(_ share: Share, _ project: Project, _ reviews: Reviews, base: String?, now: String) {
        (number, title, source, photos) = (share.number, share.title, share.source, share.photos.count)
        link = base.map { ShareLinks.link(share, base: $0) } ?? "/s/\(share.number)/#\(share.token)"
        (created, expires, revoked, open) = (share.created, share.expires, share.revoked, share.opens(at: now))
        (password, maxPicks, download) = (share.lock != nil, share.maxPicks, share.download.rawValue)
        (comments, names, findMe) = (share.comments, share.names, share.findMe == true)
        let file = { (id: PhotoID) in project.photos[id]?.file ?? id }
        reviewers = reviews.of(share.number).map { review in
            ReviewerView(
                name: review.label, picks: review.picks.map(file),
                comments: Dictionary(review.comments.map { (file($0.key), $0.value) }) { a, _ in a },
                submitted: review.submitted)
        }
    }

    /// "open", "expires 2026-12-08", "expired", "revoked 2026-11-25".
    var state: String {
        if let revoked { return "revoked \(revoked.prefix(10))" }
        if !open { return "expired" }
        return expires.map { "open until \($0.prefix(10))" } ?? "open"
    }
}

struct ShareListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.shareList.summary)
    @Flag(help: "Print JSON: [{number, title, source, photos, link, open, reviewers: [{name, picks, …}], …}].")
    var json = false

    func run() throws {
        let views = try Runner.read { project in
            let reviews = try Context.engine.reviews(project: project.name), now = ShareLinks.iso(.now)
            let base = ShareLinks.base(project.name)
            return project.sharing.map { ShareView($0, project, reviews, base: base, now: now) }
        }
        if json { return try Output.json(views) }
        guard !views.isEmpty else {
            return Output.line("no shares yet; make one with: apolo share create SHELF --title T")
        }
        Output.table(
            ["#", "title", "of", "photos", "reviewers", "sent", "hearts", "state"],
            views.map { view in
                [
                    String(view.number), view.title, view.source, String(view.photos), String(view.reviewers.count),
                    String(view.reviewers.filter { $0.submitted != nil }.count),
                    String(view.reviewers.map(\.picks.count).reduce(0, +)), view.state
                ]
            }, right: [0, 3, 4, 5, 6])
    }
}

struct ShareShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: CommandSpec.shareShow.summary)
    @Argument(help: "The share: its number or title.") var share: String
    @Flag(help: "Print JSON: {number, title, link, …, reviewers: [{name, picks, comments, submitted}]}.")
    var json = false

    func run() throws {
        let view = try Runner.read { project in
            ShareView(
                try project.requireShare(share), project, try Context.engine.reviews(project: project.name),
                base: ShareLinks.base(project.name), now: ShareLinks.iso(.now))
        }
        if json { return try Output.json(view) }
        Output.line("share \(view.number): \(view.title) — \(view.photos) photos of '\(view.source)', \(view.state)")
        Output.line("link: \(view.link)")
        let limits = [
            view.password ? "password" : "no password", view.maxPicks.map { "at most \($0) picks" },
            "downloads: \(view.download)", view.comments ? "comments on" : "comments off",
            view.names ? "file names shown" : "file names hidden", view.findMe ? "guests find themselves" : nil
        ].compactMap { $0 }
        Output.line(limits.joined(separator: ", "))
        if view.reviewers.isEmpty { return Output.line("no reviewer has opened it yet") }
        for reviewer in view.reviewers {
            let sent = reviewer.submitted.map { "sent \($0.prefix(16).replacingOccurrences(of: "T", with: " "))" }
            Output.line("\(reviewer.name): \(reviewer.picks.count) ♥, \(sent ?? "not sent yet")")
            for file in reviewer.picks {
                Output.line("  ♥ \(file)" + (reviewer.comments[file].map { " — \($0)" } ?? ""))
            }
            let hearted = Set(reviewer.picks)
            for (file, text) in reviewer.comments.sorted(by: { $0.key < $1.key }) where !hearted.contains(file) {
                Output.line("  ✎ \(file) — \(text)")
            }
        }
    }
}

struct SharePicksCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "picks", abstract: CommandSpec.sharePicks.summary)
    @Argument(help: "The share: its number or title.") var share: String
    @Option(help: "Only this reviewer's picks (their name, any case).") var by: String?
    @Flag(help: "Print JSON: [{position, id, file, by: [names], comments: [{name, text}]}].") var json = false
    @Flag(help: "Print only file names, one a line (paste them into Lightroom's text filter).") var names = false
    @Option(help: "Tag the picked photos with TEXT (one undo step; export --sidecars writes it as a keyword).")
    var tag: String?
    @Option(help: "Give the picked photos this colour label (one undo step; sidecars carry it as xmp:Label).")
    var label: String?

    struct Pick: Encodable {
        let position: Int
        let id: PhotoID
        let file: String
        let by: [String]
        let comments: [Note]
    }

    struct Note: Encodable {
        let name: String
        let text: String
    }

    func validate() throws {
        if json && names { throw ValidationError("choose --json or --names, not both") }
        if (tag != nil || label != nil) && (json || names) {
            throw ValidationError("--tag and --label mark the picks; list them in another run")
        }
    }

    /// The picked photos tagged and labelled as one step, through the one transaction path.
    func mark(_ ids: [PhotoID]) throws {
        guard !ids.isEmpty else { return Output.line("no picks yet: nothing was marked") }
        let refs = ids.joined(separator: ",")
        var edits: [any Edit] = []
        if let tag { edits.append(TagAdd(refs, [tag])) }
        if let label { edits.append(Label([refs], label)) }
        Runner.report(try Context.engine.apply(edits.map { Change($0) }, command: Context.typedCommand))
    }

    func run() throws {
        let picks = try Runner.read { project in
            let share = try project.requireShare(share)
            let all = try Context.engine.reviews(project: project.name).of(share.number)
            var reviews = all
            if let by {
                reviews = all.filter { $0.label.foldKey == by.foldKey }
                if reviews.isEmpty {
                    let key = ReviewerName.key(ReviewerName.clean(by) ?? by)
                    reviews = all.filter { ReviewerName.key($0.name) == key }
                }
                guard !reviews.isEmpty else {
                    let known = all.map(\.label)
                    throw CoreError(
                        .notFound,
                        "no reviewer named '\(by)' on share \(share.number) (reviewers: "
                            + (known.isEmpty ? "none yet" : known.joined(separator: ", ")) + ")")
                }
            }
            return share.photos.enumerated().compactMap { at, id -> Pick? in
                let hearts = reviews.filter { $0.picked(id) }.map(\.label)
                let notes = reviews.compactMap { r in r.comments[id].map { Note(name: r.label, text: $0) } }
                guard !hearts.isEmpty || (!names && !notes.isEmpty) else { return nil }
                return Pick(position: at + 1, id: id, file: project.photos[id]?.file ?? id, by: hearts, comments: notes)
            }
        }
        if tag != nil || label != nil { return try mark(picks.filter { !$0.by.isEmpty }.map(\.id)) }
        if json { return try Output.json(picks) }
        if names { return picks.forEach { Output.line($0.file) } }
        guard !picks.isEmpty else { return Output.line("no picks yet") }
        Output.table(
            ["#", "file", "♥ by", "comments"],
            picks.map { pick in
                [
                    String(pick.position), pick.file, pick.by.joined(separator: ", "),
                    pick.comments.map { "\($0.name): \($0.text)" }.joined(separator: "; ")
                ]
            }, right: [0])
    }
}
