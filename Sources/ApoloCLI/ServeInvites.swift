import ApoloCore
import ApoloMedia
import ApoloServer
import ApoloStore
import ArgumentParser
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

extension Invitee.Role: ExpressibleByArgument {}

/// The people `apolo serve --invite` lets in, and the links it prints for them and for the project's shares.
enum ServeInvites {
    static func validate(invite: [String], role: [Invitee.Role], publicURL: String?) throws {
        if !role.isEmpty, invite.isEmpty { throw ValidationError("--role goes with --invite NAME") }
        if role.count > 1, role.count != invite.count {
            throw ValidationError("give one --role for all, or one per --invite (\(invite.count))")
        }
        for name in invite where !Share.isPlainText(name, most: 80) {
            throw ValidationError("an invited name has 1–80 characters and no control characters")
        }
        if Set(invite.map(\.foldKey)).count != invite.count { throw ValidationError("a name is invited twice") }
        if let publicURL, hosts(publicURL).isEmpty {
            throw ValidationError("--public-url takes http:// or https:// and a host name, not '\(publicURL)'")
        }
    }

    /// Each invited person with their link's key, the same on every run for the same name and role.
    static func people(invite: [String], role: [Invitee.Role], project: String) throws -> [Invitee] {
        guard !invite.isEmpty else { return [] }
        let secret = try self.secret()
        return invite.enumerated().map { at, name in
            let role = role.count > 1 ? role[at] : role.first ?? .culler
            let name = name.trimmingSpaces
            return Invitee(
                name: name, role: role,
                token: Passwords.personToken(
                    secret: secret, project: project,
                    name: name, role: role.rawValue))
        }
    }

    /// The Host values a reverse proxy's address sends (`photos.example.com`, `photos.example.com:8443`).
    static func hosts(_ publicURL: String?) -> Set<String> {
        guard let publicURL, let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""),
            let host = url.host, !host.isEmpty, url.path.isEmpty || url.path == "/"
        else { return [] }
        return [url.port.map { "\(host):\($0)" } ?? host]
    }

    /// Prints each person's link and each open share's, and notes where this server answers (for `share create`).
    static func announce(_ people: [Invitee], shares: [Share], base: String, project: String) {
        for person in people { Output.line("\(person.name) (\(person.role.rawValue)): \(base)/#token=\(person.token)") }
        let now = Timestamp(seconds: Int64(Date().timeIntervalSince1970), nanos: 0).isoUTC
        for share in shares where share.opens(at: now) {
            Output.line("share \(share.number) (\(share.title)): " + ShareLinks.link(share, base: base))
        }
        let path = ShareLinks.addressFile(project)
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try? AtomicFile.write(Array((base + "\n").utf8), to: path, durable: false)
    }

    static func forget(project: String) { unlink(ShareLinks.addressFile(project)) }

    /// The home's secret for people's links (`APOLO_HOME/serve/secret`, made once, readable only by the user):
    /// deleting it changes every person's link.
    static func secret() throws -> [UInt8] {
        let folder = Context.store.home.root + "/serve", path = folder + "/secret"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let bytes = try SafeFile.read(path, limit: 4096, noFollow: true), bytes.count >= 32 { return bytes }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0, fchmod(fd, 0o600) == 0, write(fd, bytes, 32) == 32, close(fd) == 0 else {
            throw CoreError(.invalid, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return bytes
    }
}
