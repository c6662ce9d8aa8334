import ApoloCore
import ApoloEngine
import ApoloFixtures
import ApoloMedia
@testable import ApoloServer
import ApoloStore
import Foundation
import HTTPTypes
import Testing

/// What someone holding a share's link, or guessing at one, can do to the photographer and their clients.
extension LightTableTests {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!

    /// Shares 1 (open; with `password`), 2 (revoked) and 3 (expired) of photos 1–3 and `extra`, and their keys.
    func trustTable(password: String? = nil, extra: [PhotoID] = []) throws -> (LightTable, [Int: String]) {
        var project = try store.load("trip")
        let ids = (1...3).map { String(repeating: "\($0)", count: 64) } + extra
        project.shelves = [SlideRow(name: "best", slides: ids)]
        var keys: [Int: String] = [:]
        project.sharing = (1...3).map { n in
            keys[n] = Share.newToken()
            var share = Share(
                number: n, title: "share \(n)", source: "best", photos: ids, token: keys[n]!,
                created: "2024-05-01T10:00:00Z")
            share.lock = n == 1 ? password.map { Passwords.lock($0, iterations: 100_000) } : nil
            share.revoked = n == 2 ? "2024-05-02T00:00:00Z" : nil
            share.expires = n == 3 ? "2024-05-02T00:00:00Z" : nil
            return share
        }
        try store.save(project)
        return (LightTable(engine: Engine(store: store), token: "secret", hosts: [Self.host]), keys)
    }

    @Test func aReviewerFloodingCommentsIsToldToWaitAndOthersAreStillAnswered() async throws {
        let (table, keys) = try trustTable()
        let photo = String(repeating: "1", count: 64)
        try await serve(table) { send in
            let (eve, ana) = (try await session(send, 1, keys[1]!), try await session(send, 1, keys[1]!))
            var refusal: (HTTPFields, [String: Any]?)?
            for n in 0..<(Int(ActRate.reviewer.burst) + 200) where refusal == nil {
                let body = #"{"photo": "\#(photo)", "text": "take \#(n)"}"#
                let (status, headers, json) = try await send.raw(
                    .post, "/s/1/api/comment", body, token: nil,
                    headers: [.cookie: eve])
                if status == .tooManyRequests { refusal = (headers, json) } else { #expect(status == .ok) }
            }
            let (headers, json) = try #require(refusal, "a flood of comments is never told to wait")
            #expect(Int(headers[.retryAfter] ?? "") ?? 0 >= 1, "Retry-After: \(headers[.retryAfter] ?? "none")")
            #expect((json?["error"] as? String)?.contains("wait") == true, "\(json ?? [:])")
            let other = try await send.raw(
                .post, "/s/1/api/pick", #"{"photo": "\#(photo)", "on": true}"#, token: nil,
                headers: [.cookie: ana])
            #expect(other.0 == .ok, "another reviewer of the share is still answered")
        }
    }

    @Test func concurrentWrongPasswordsAreCheckedNoMoreThanTheLimit() async throws {
        let (table, keys) = try trustTable(password: "right horse")
        try await serve(table) { send in
            let wrong = #"{"token": "\#(keys[1]!)", "password": "wrong"}"#
            let codes = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<30 {
                    group.addTask { try await send.raw(.post, "/s/1/api/open", wrong, token: nil).0.code }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(codes.filter { $0 == 401 }.count == Guesses.perAddress, "checked: \(codes.sorted())")
            #expect(codes.filter { $0 == 429 }.count == 30 - Guesses.perAddress)
        }
    }

    @Test func guessesFromOthersNeverLockTheClientOut() async throws {
        let (table, keys) = try trustTable(password: "right horse")
        try await serve(table) { send in
            let wrong = #"{"token": "\#(keys[1]!)", "password": "wrong"}"#
            for n in 0..<(Guesses.perLink + 5) {
                _ = try await send.raw(
                    .post, "/s/1/api/open", wrong, token: nil,
                    headers: [Self.forwarded: "203.0.113.\(n)"])
            }
            let right = #"{"token": "\#(keys[1]!)", "password": "right horse"}"#
            let client = try await send.raw(
                .post, "/s/1/api/open", right, token: nil,
                headers: [Self.forwarded: "198.51.100.7"])
            #expect(client.0 == .ok, "the client's right password: \(client.0) \(client.2 ?? [:])")
            let again = try await send.raw(
                .post, "/s/1/api/open", wrong, token: nil,
                headers: [Self.forwarded: "203.0.113.1"])
            #expect(again.0 == .tooManyRequests && again.1[.retryAfter] != nil, "a guesser waits: \(again.0)")
        }
    }

    @Test func aWrongKeyIsAnsweredAlikeWhateverTheShare() async throws {
        let (table, keys) = try trustTable()
        try await serve(table) { send in
            let wrong = #"{"token": "\#(Share.newToken())"}"#
            var opened: [String] = [], asked: [String] = []
            for n in [1, 2, 3, 99] {
                let (status, _, json) = try await send.raw(.post, "/s/\(n)/api/open", wrong, token: nil)
                opened.append("\(status.code) \(json?["error"] as? String ?? "")")
                let state = try await send.raw(.get, "/s/\(n)/api/state", token: nil)
                asked.append("\(state.0.code) \(state.2?["error"] as? String ?? "")")
            }
            #expect(Set(opened).count == 1, "open, revoked, expired, none: \(opened)")
            #expect(Set(asked).count == 1, "without a session: \(asked)")
            let holder = try await send.raw(.post, "/s/2/api/open", #"{"token": "\#(keys[2]!)"}"#, token: nil)
            #expect(holder.0 == .gone, "the right key of a revoked share is told it was revoked")
        }
    }

    @Test func sharedPicturesAreAskedForAgainSoARevokeTakesThemBack() async throws {
        let jpeg = SamplePhoto("", seed: 3, width: 64, height: 48).jpeg()
        let path = root + "/shot/IMG_8.jpg"
        try FileManager.default.createDirectory(atPath: root + "/shot", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: Data(jpeg))
        let photo = Photo(
            id: ContentHash.of(jpeg), file: "IMG_8.jpg", path: path, bytes: jpeg.count,
            modified: "2024-05-01T08:08:00Z", width: 64, height: 48)
        _ = try Engine(store: store).apply([Change(AddPhotos([photo]))], command: "apolo import")
        let (table, keys) = try trustTable(extra: [photo.id])
        try await serve(table) { send in
            let cookie = try await session(send, 1, keys[1]!)
            for kind in ["thumb", "preview"] {
                let (status, headers, _) = try await send.raw(
                    .get, "/s/1/\(kind)/\(photo.id)", token: nil,
                    headers: [.cookie: cookie])
                let caching = headers[.cacheControl] ?? ""
                #expect(status == .ok && !caching.contains("immutable") && caching.contains("no-cache"), "\(caching)")
                let tag = try #require(headers[.eTag])
                let held = try await send.raw(
                    .get, "/s/1/\(kind)/\(photo.id)", token: nil,
                    headers: [.cookie: cookie, .ifNoneMatch: tag])
                #expect(held.0 == .notModified, "\(kind) the browser holds: \(held.0)")
            }
            var project = try store.load("trip")
            project.sharing[0].revoked = "2024-05-03T00:00:00Z"
            try store.save(project)
            let after = try await send.raw(.get, "/s/1/thumb/\(photo.id)", token: nil, headers: [.cookie: cookie])
            #expect(after.0 == .gone, "after the revoke: \(after.0)")
        }
    }
}
