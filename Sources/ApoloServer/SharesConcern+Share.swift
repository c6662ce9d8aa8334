import ApoloCore
import ApoloEngine
import ApoloMedia
import Foundation
import HTTPTypes
import Hummingbird

/// The reviewer's side: `/s/N/` answers share N's page, and with a session opened by its link key, its photos and
/// the reviewer's hearts, comments and sending. Nothing else of the project is reachable from there.
extension SharesConcern {
    struct OpenBody: Decodable {
        let token: String
        let password: String?
        /// The proof a browser kept of the password (`Passwords.proof`), instead of it.
        let pass: String?
        let reviewer: String?
    }

    struct NameBody: Decodable { let name: String }

    struct PickBody: Decodable {
        let photo: String
        let on: Bool
    }

    struct CommentBody: Decodable {
        let photo: String
        let text: String
    }

    struct Nothing: Decodable {}

    func register(_ add: Registrar) {
        add(.get, "/api/reviews") { _, _ in try await blocking { try reviewsState() } }
        add(.get, "/s/{share}/") { request, context in
            guard request.uri.path.hasSuffix("/") else {  // a link without its last slash: the fragment follows
                throw HTTPFailure(
                    status: .seeOther, message: "the share's page is at /s/N/",
                    location: "/s/\(context.shareNumber ?? 0)/")
            }
            guard let page = Assets.response("/review.html") else { throw HTTPError(.notFound) }
            return page
        }
        add(.post, "/s/{share}/api/open") { request, context in
            let body = try await decode(OpenBody.self, request)
            let address = client(request, context)
            return try await blocking { try openShare(context.shareNumber, body, address: address) }
        }
        add(.get, "/s/{share}/api/state") { request, context in
            let (share, session) = try reviewer(request, context)
            return try await blocking { try shareState(share, session) }
        }
        add(.post, "/s/{share}/api/me") { request, context in
            let (share, session) = try reviewer(request, context)  // before the body: a refusal says why first
            let typed = try await decode(NameBody.self, request).name
            guard let name = ReviewerName.clean(typed) else { throw CoreError(.invalid, said: Said("review.name", [])) }
            guard let named = reviewing.name(session.key, name) else { throw closed() }
            return try await blocking { try shareState(share, (session.key, named)) }
        }
        add(.post, "/s/{share}/api/pick") { request, context in
            let who = try reviewer(request, context), body = try await decode(PickBody.self, request)
            return try await act(who, body.on ? .pick : .unpick, photo: body.photo)
        }
        add(.post, "/s/{share}/api/comment") { request, context in
            let who = try reviewer(request, context), body = try await decode(CommentBody.self, request)
            return try await act(who, .comment, photo: body.photo, text: body.text)
        }
        add(.post, "/s/{share}/api/submit") { request, context in
            let who = try reviewer(request, context)
            _ = try await decode(Nothing.self, request)
            return try await act(who, .submit)
        }
        for kind in ["thumb", "preview", "download"] {
            add(.get, "/s/{share}/\(kind)/{id}") { request, context in
                let (share, _) = try reviewer(request, context)
                let id = context.parameters.get("id") ?? ""
                guard share.photos.contains(id) else {
                    throw HTTPFailure(status: .notFound, said: Said("review.notShared", []))
                }
                return try await blocking { try sharedImage(share, id, kind, request: request) }
            }
        }
    }

    /// The share of the path and the request's session of it. Without a session of that share the answer is the
    /// same whether the share exists, was revoked or never was (its state is no one's business but its key
    /// holders'); with one, a closed link is said to be closed.
    func reviewer(_ request: Request, _ context: TableContext) throws -> (Share, Reviewing.Keyed) {
        let share = try loaded().1.sharing.first { $0.number == context.shareNumber }
        let key = request.cookies[Self.cookie(context.shareNumber ?? 0)]?.value
        guard let share, let key, let session = reviewing.session(key, share) else {
            throw HTTPFailure(status: .unauthorized, said: Said("review.reopen", []))
        }
        guard share.opens(at: Self.now) else { throw closed() }
        return (share, (key, session))
    }

    /// Share `number` of the open project when `token` is its link's key; refused alike when there is no such
    /// share, it was revoked or it expired and the key is not its own, or the key is wrong (nothing tells a
    /// guesser which shares exist or what became of them). To the key's holder, a closed link says so.
    func keyed(_ number: Int?, _ token: String) throws -> Share {
        let share = try loaded().1.sharing.first { $0.number == number }
        guard table.same(token, share?.token ?? Self.noToken), let share else {
            throw HTTPFailure(status: .notFound, said: Said("review.invalid", []))
        }
        guard share.opens(at: Self.now) else { throw closed() }
        return share
    }

    /// What a key is compared with when the share does not exist (so the comparison takes its usual time).
    static let noToken = String(repeating: "-", count: 32)

    /// The reviewer's address, for the password limit: the peer's, or behind a reverse proxy on this machine
    /// (`--public-url`), the `X-Forwarded-For` it set (its last entry: the one the proxy saw).
    func client(_ request: Request, _ context: TableContext) -> String {
        let peer = context.channel.remoteAddress?.ipAddress ?? "?"
        guard !table.publicHosts.isEmpty, peer == "127.0.0.1" || peer == "::1",
            let forwarded = request.headers[HTTPField.Name("X-Forwarded-For")!]?.split(separator: ",").last
        else {
            return peer
        }
        return forwarded.trimmingCharacters(in: .whitespaces)
    }

    func closed() -> HTTPFailure {
        HTTPFailure(status: .gone, said: Said("review.closed", []))
    }

    static func cookie(_ number: Int) -> String { "apolo-s\(number)" }

    /// ISO 8601 UTC, to the second.
    static var now: String { Timestamp(seconds: Int64(Date().timeIntervalSince1970), nanos: 0).isoUTC }
}

extension TableContext {
    /// The share number in the path (`/s/3/…`).
    var shareNumber: Int? { parameters.get("share").flatMap { Int($0) } }
}
