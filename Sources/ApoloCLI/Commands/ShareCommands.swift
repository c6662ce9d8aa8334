import ApoloCommands
import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import ArgumentParser
import Foundation

/// `apolo share …`: links for clients to heart photos, and what they picked.
struct ShareGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Links for clients to pick favourites; the picks they made.",
        discussion: prose(
            """
            A share shows a shelf's or an album's photos (as they were when it was made, in their order) to anyone \
            with its link, on apolo serve: they give their name once, heart photos, comment, and send their picks. \
            Nothing else of the project is reachable through it. The link's key is in its #fragment, which browsers \
            never send to a server, a proxy or a Referer. Revoking closes it at once; the picks stay.
            """),
        subcommands: [
            ShareCreateCLI.self, ShareListCLI.self, ShareShowCLI.self, ShareRevokeCLI.self,
            SharePicksCLI.self
        ])
}

struct ShareCreateCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: ShareCreate.spec.summary,
        discussion: Registry.examplesText(ShareCreate.self))
    @Argument(help: "The shelf or album to share.") var source: String
    @Option(help: "What the client reads at the top (\"Smith wedding — pick 40\").") var title: String
    @Option(
        help: ArgumentHelp(
            "How long the link opens: 30m, 12h, 14d, 8w (default: until revoked).",
            valueName: "DURATION")) var expires: String?
    @Flag(help: "Ask for a password (twice on a terminal; else one line of standard input).") var password = false
    @Option(help: "At most this many hearts per reviewer.") var maxPicks: Int?
    @Option(help: "What reviewers may download: none, resized (2,048 px JPEG) or original.")
    var download: Share.Download = .none
    @Option(help: "Let reviewers comment on photos: on or off.") var comments: Switch = .on
    @Option(help: "Show reviewers the file names: on or off (off: \"Photo 12\").") var names: Switch = .off
    @Option(help: "Let guests find themselves: pick their own face, see the photos they are in (on or off).")
    var findMe: Switch = .off

    enum Switch: String, ExpressibleByArgument { case on, off }

    func validate() throws {
        if let expires, ShareLinks.seconds(expires) == nil {
            throw ValidationError("--expires takes a duration such as 30m, 12h, 14d or 8w, not '\(expires)'")
        }
        if let maxPicks, maxPicks < 1 { throw ValidationError("--max-picks must be at least 1") }
    }

    func run() throws {
        let now = Date()
        let lock = password ? Passwords.lock(try Self.askPassword()) : nil
        let end = expires.flatMap(ShareLinks.seconds).map { ShareLinks.iso(now.addingTimeInterval(Double($0))) }
        var share = Share(
            number: 0, title: title, source: source, photos: [], token: Share.newToken(),
            created: ShareLinks.iso(now), expires: end, lock: lock, maxPicks: maxPicks,
            download: download, comments: comments == .on, names: names == .on)
        share.findMe = findMe == .on ? true : nil
        let outcome = try Context.engine.apply(
            [Change(ShareCreate(source, share: share))],
            command: Context.typedCommand)
        Runner.report(outcome)
        if let made = outcome.project.sharing.last { Output.line(ShareLinks.told(made, project: outcome.project.name)) }
    }

    static func askPassword() throws -> String {
        guard Context.stdinIsTerminal else {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ValidationError("--password reads the password from standard input: give it one line")
            }
            return line
        }
        let first = String(cString: getpass("password for the link: "))
        let again = String(cString: getpass("the same again: "))
        guard first == again, !first.isEmpty else { throw ValidationError("the two passwords differ or are empty") }
        return first
    }
}

struct ShareRevokeCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: ShareRevoke.spec.summary)
    @Argument(help: "The share: its number or title.") var share: String

    func run() throws { try Runner.edit(ShareRevoke(share, at: ShareLinks.iso(Date()))) }
}

/// Links as a user can open them: with the address of the `apolo serve` answering the project when one runs.
enum ShareLinks {
    /// Where `apolo serve` says it answers project `name` while it runs (`APOLO_HOME/serve/NAME.address`).
    static func addressFile(_ project: String) -> String {
        Context.store.home.root + "/serve/" + project.precomposedStringWithCanonicalMapping + ".address"
    }

    static func link(_ share: Share, base: String) -> String { base + "/s/\(share.number)/#\(share.token)" }

    /// The share's link, and how to make it reachable when no server answers the project.
    static func told(_ share: Share, project: String) -> String {
        if let base = base(project) { return "link: " + link(share, base: base) }
        return "link: http://ADDRESS/s/\(share.number)/#\(share.token) (apolo serve --listen ADDRESS prints it whole)"
    }

    static func base(_ project: String) -> String? {
        guard let bytes = (try? SafeFile.read(addressFile(project), limit: 4096, noFollow: true)) ?? nil else {
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("http://") || text.hasPrefix("https://") ? text : nil
    }

    /// `30m`, `12h`, `14d`, `8w` in seconds.
    static func seconds(_ text: String) -> Int? {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0, count <= 100_000 else { return nil }
        return ["m": 60, "h": 3600, "d": 86_400, "w": 604_800][unit].map { $0 * count }
    }

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

extension Share.Download: ExpressibleByArgument {}
