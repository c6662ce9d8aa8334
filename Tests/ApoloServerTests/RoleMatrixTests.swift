import ApoloCore
import ApoloEngine
@testable import ApoloServer
import ApoloStore
import Foundation
import HTTPTypes
import Testing

/// Every route × every caller, generated from each concern's routes (`LightTable.concerns`; its `Registrar`
/// refuses to register a route it does not list, and a listed route left without a handler): the owner, a culler,
/// an invited reviewer, reviewers of share A and of share B, of an expired share, of a revoked one, and no one.
/// A caller is refused (401, 403 or 410) exactly where its role does not reach.
extension LightTableTests {
    enum Who: String, CaseIterable {
        case owner, culler, viewer, reviewerA, reviewerB, expired, revoked, nobody
    }

    /// The project's shelf `best` of photos 1–3 and shares 1 (A, resized downloads), 2 (B), 3 (to expire), 4 (to
    /// revoke); the people Ana (culler) and Bo (reviewer).
    func sharingTable() throws -> (LightTable, [Int: String]) {
        var project = try store.load("trip")
        let ids = (1...3).map { String(repeating: "\($0)", count: 64) }
        project.shelves = [SlideRow(name: "best", slides: ids)]
        var keys: [Int: String] = [:]
        project.sharing = (1...4).map { n in
            keys[n] = Share.newToken()
            return Share(
                number: n, title: "share \(n)", source: "best", photos: ids, token: keys[n]!,
                created: "2024-05-01T10:00:00Z", download: n == 1 ? .resized : .none)
        }
        try store.save(project)
        let people = [
            Invitee(name: "Ana", role: .culler, token: "culler-token-0123456789abcdefghij"),
            Invitee(name: "Bo", role: .reviewer, token: "viewer-token-0123456789abcdefghij")
        ]
        let table = LightTable(engine: Engine(store: store), token: "secret", hosts: [Self.host], people: people)
        return (table, keys)
    }

    /// A reviewer's session cookie of share `n`, named.
    func session(_ send: Sender, _ n: Int, _ key: String) async throws -> String {
        let (status, headers, _) = try await send.raw(.post, "/s/\(n)/api/open", #"{"token": "\#(key)"}"#, token: nil)
        #expect(status == .ok)
        let cookie = String(try #require(headers[.setCookie]).split(separator: ";")[0])
        let named = try await send.raw(
            .post, "/s/\(n)/api/me", #"{"name": "R\#(n)"}"#, token: nil,
            headers: [.cookie: cookie])
        #expect(named.0 == .ok)
        return cookie
    }

    func headers(_ who: Who, _ cookies: [Int: String]) -> (String?, HTTPFields) {
        switch who {
        case .owner: ("secret", [:])
        case .culler: ("culler-token-0123456789abcdefghij", [:])
        case .viewer: ("viewer-token-0123456789abcdefghij", [:])
        case .reviewerA: (nil, [.cookie: cookies[1]!])
        case .reviewerB: (nil, [.cookie: cookies[2]!])
        case .expired: (nil, [.cookie: cookies[3]!])
        case .revoked: (nil, [.cookie: cookies[4]!])
        case .nobody: (nil, [:])
        }
    }

    static func admitted(_ access: LightTable.Access, _ who: Who) -> Bool {
        switch access {
        case .page, .link: true
        case .viewer: [.owner, .culler, .viewer].contains(who)
        case .culler: [.owner, .culler].contains(who)
        case .owner: who == .owner
        case .reviewer: who == .reviewerA
        }
    }

    static func body(_ route: LightTable.RouteSpec, key: String) -> String? {
        guard route.method == .post else { return nil }
        let photo = String(repeating: "1", count: 64)
        return switch route.path {
        case "/api/run": #"{"commands": [["rate", "table:1", "1"]]}"#
        case "/s/{share}/api/open": #"{"token": "\#(key)"}"#
        case "/s/{share}/api/me": #"{"name": "Ana"}"#
        case "/s/{share}/api/pick": #"{"photo": "\#(photo)", "on": true}"#
        case "/s/{share}/api/comment": #"{"photo": "\#(photo)", "text": "nice"}"#
        default: "{}"
        }
    }

    @Test func everyRouteAdmitsExactlyTheRolesItNames() async throws {
        let (table, keys) = try sharingTable()
        #expect(Set(LightTable.routes).count == LightTable.routes.count)
        try await serve(table) { send in
            var cookies: [Int: String] = [:]
            for n in 1...4 { cookies[n] = try await session(send, n, keys[n]!) }
            var project = try store.load("trip")
            project.sharing[2].expires = "2024-05-02T00:00:00Z"
            project.sharing[3].revoked = "2024-05-02T00:00:00Z"
            try store.save(project)
            for who in Who.allCases {
                let (token, fields) = headers(who, cookies)
                for concern in LightTable.concerns {
                    for route in concern.routes {
                        let path = route.path.replacingOccurrences(of: "{share}", with: "1")
                            .replacingOccurrences(of: "{id}", with: String(repeating: "2", count: 64))
                        let (status, _, json) = try await send.raw(
                            route.method, path, Self.body(route, key: keys[1]!),
                            token: token, headers: fields)
                        let refused = [401, 403, 410].contains(status.code)
                        #expect(
                            refused != Self.admitted(route.access, who),
                            "\(concern): \(who) \(route.method) \(path): \(status.code) \(json?["error"] ?? "")")
                        #expect(
                            status.code != 404 || json?["error"] as? String != "nothing here: \(path)",
                            "\(route.path) is registered")
                    }
                }
            }
            let own = [(Who.reviewerB, 2, 200), (.expired, 3, 410), (.revoked, 4, 410)]
            for (who, n, code) in own {
                let (token, fields) = headers(who, cookies)
                let status = try await send.raw(.get, "/s/\(n)/api/state", token: token, headers: fields).0
                #expect(status.code == code, "\(who) on their own share: \(status.code)")
            }
            let wrong = keys[1]!.dropLast() + (keys[1]!.hasSuffix("A") ? "B" : "A")
            #expect(try await send.raw(.post, "/s/1/api/open", #"{"token": "\#(wrong)"}"#, token: nil).0 == .notFound)
        }
    }
}

extension LightTableTests {
    @Test func wrongPasswordsFromVeryManyAddressesAreRememberedBoundedly() {
        let guesses = Guesses()
        for n in 0..<(Guesses.maxKeys + 50) {
            let address = "10.\(n / 65536).\(n / 256 % 256).\(n % 256)"
            if case .success(let ticket) = guesses.reserve(link: 1, address: address) {
                guesses.settle(ticket, right: false)
            }
        }
        #expect(guesses.count <= Guesses.maxKeys + 3)
        for _ in 0..<Guesses.perAddress { _ = guesses.reserve(link: 1, address: "10.9.9.9") }
        guard case .failure = guesses.reserve(link: 1, address: "10.9.9.9") else {
            Issue.record("the newest guesses are still counted")
            return
        }
    }
}
