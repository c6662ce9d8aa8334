import ApoloCommands
import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloServer
import ApoloStore
import ArgumentParser
import Foundation

/// `apolo serve`: the light table in the browser, live with the command line.
struct ServeCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: CommandSpec.serve.summary,
        discussion: prose(
            """
            Serves the open project's light table on this machine (127.0.0.1) and opens it in the browser when there is
            a display. The first line printed is the page's address with its access token; only that address, with that
            token, is answered. Every change made on the page is an apolo command, saved and recorded in the history as
            from the command line, and a change made elsewhere appears on the page within a second. --listen ADDR shares
            it on a network (anyone there with the address and token can change the project). Ctrl-C stops it.
            """))
    @Option(help: "Port to listen on (default: a free one).") var port: Int = 0
    @Option(help: "Address to listen on (default 127.0.0.1, this machine only).") var listen: String = "127.0.0.1"
    @Flag(help: "Do not open the browser.") var noOpen = false
    @Flag(help: "Do not measure photos in the background (the page shows what apolo analyze measured).")
    var noAnalyze = false
    @Option(help: ArgumentHelp("Give NAME a personal link (repeat for several people).", valueName: "NAME"))
    var invite: [String] = []
    @Option(
        help: ArgumentHelp(
            "What the invited may do: culler (edit the table and shelves) or reviewer (look). "
                + "One for all, or one per --invite.", valueName: "ROLE"))
    var role: [Invitee.Role] = []
    @Option(
        help: ArgumentHelp(
            "The address people reach this server at through a reverse proxy "
                + "(https://photos.example.com): links are printed with it and its Host is answered.",
            valueName: "URL"))
    var publicURL: String?
    @Option(help: ArgumentHelp("Serve HTTPS with this certificate chain (PEM; with --key).", valueName: "FILE"))
    var cert: String?
    @Option(help: ArgumentHelp("The certificate's private key (PEM).", valueName: "FILE")) var key: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535") }
        var v4 = in_addr(), v6 = in6_addr()
        guard
            listen == "localhost" || inet_pton(AF_INET, listen, &v4) == 1
                || inet_pton(
                    AF_INET6, listen,
                    &v6) == 1
        else {
            throw ValidationError(
                "--listen takes an IP address of this machine (127.0.0.1, 192.168.1.20, ::1), not '\(listen)'")
        }
        try ServeInvites.validate(invite: invite, role: role, publicURL: publicURL)
        if (cert == nil) != (key == nil) { throw ValidationError("--cert and --key go together") }
    }

    func run() throws {
        let name = try Context.store.requireCurrent()
        _ = try Context.store.load(name)
        if !["127.0.0.1", "localhost", "::1"].contains(listen) {
            Output.warning(
                "listening on \(listen): anyone who can reach it and has the token can change project '\(name)'")
        }
        let token = LightTable.newToken()
        var limits = LightTable.Limits()
        limits.analyze = !noAnalyze
        let people = try ServeInvites.people(invite: invite, role: role, project: name)
        // changes of a document this large (bytes) are saved as journal lines (see docs/reference.md, "The journal")
        let journalFrom =
            Context.environment["APOLO_JOURNAL_FROM"].flatMap(Int.init).map { max(0, $0) } ?? ProjectStore.largeDocument
        let table = LightTable(
            engine: Engine(store: Context.store.keepingJournals(from: journalFrom), warn: { Output.warning($0) }),
            token: token, hosts: ServeInvites.hosts(publicURL),
            hooks: Context.hooks, limits: limits, people: people,
            secure: cert != nil || publicURL?.hasPrefix("https://") == true)
        let host = listen == "localhost" ? "127.0.0.1" : listen, open = !noOpen
        let opener = BrowserOpener()
        let tls = cert.flatMap { cert in key.map { TLSFiles(certificate: cert, key: $0) } }
        try LightTableServer.run(table, host: host, port: port, tls: tls) { bound in
            let scheme = tls == nil ? "http" : "https"
            let base = publicURL ?? "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(bound)"
            let url = "\(base)/#token=\(token)"
            Output.line("light table: \(url)")
            ServeInvites.announce(
                people, shares: (try? Context.store.load(name))?.sharing ?? [], base: base,
                project: name)
            Output.note("apolo", "serving project '\(name)'; Ctrl-C stops it")
            if open { opener.open(url) }
        }
        ServeInvites.forget(project: name)
        opener.remove()
        Output.note("apolo", "the light table stopped")
    }

}

/// Opens the page through a redirect file readable only by the user, as Jupyter does: the token never stands on a
/// command line (`xdg-open URL` would show it in every user's process list).
final class BrowserOpener: @unchecked Sendable {
    private var file: String?

    func open(_ url: String) {
        let folder = Context.environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
        let path = folder + "/apolo-serve-\(getpid())-open.html"
        let html = """
            <!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=\(url)">
            <title>apolo</title><p><a href="\(url)">Open the light table</a></p>\n
            """
        unlink(path)  // whatever was left under this name (a FIFO would block the open): this file is made anew
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0, fchmod(fd, 0o600) == 0, write(fd, html, html.utf8.count) == html.utf8.count else {
            if fd >= 0 { close(fd) }
            Output.note("apolo", "cannot write \(path) to open the browser with: open the address above")
            return
        }
        close(fd)
        file = path
        if !Context.openOnDisplay("file://" + path) {
            Output.note(
                "apolo",
                "no display to open a browser on: open the address above")
        }
    }

    /// Deletes the redirect file (the server stopped).
    func remove() {
        if let file { unlink(file) }
    }
}
