import ApoloCore
import ApoloEngine
import ApoloStore
import Foundation
import NIOPosix

/// What the light table keeps of reviewers: their sessions (opened with a share's link key, held in a cookie of that
/// share's path), failed password attempts per link and per address, and each project's picks.
final class Reviewing: Sendable {
    /// A reviewer's session: the share it opened, and the reviewer once they gave their name.
    struct Session: Sendable {
        let share: Int
        let token: String
        var reviewer: String?
        var name: String?
        var last: Date
    }

    /// A session and its key.
    typealias Keyed = (key: String, session: Session)

    /// The threads reviewers' acts wait and write on (one writes at a time; the other answers meanwhile).
    let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    private let sessions = Locked([String: Session]())
    private let failures = Locked([String: [Date]]())
    private let books = Locked([String: ReviewBook]())
    /// Sessions kept at most (the oldest is forgotten past it: its reviewer opens the link again).
    static let maxSessions = 20_000
    static let idleSeconds = 7 * 86_400.0
    /// Wrong passwords allowed in `failureWindow` seconds, per link and per address.
    static let failuresPerLink = 20
    static let failuresPerAddress = 5
    static let failureWindow = 15 * 60.0

    /// A new session of `share`; its key for the cookie.
    func open(_ share: Share, reviewer: Review?) -> String {
        let key = Share.newToken()
        sessions.withLock { all in
            if all.count >= Self.maxSessions, let oldest = all.min(by: { $0.value.last < $1.value.last })?.key {
                all[oldest] = nil
            }
            all[key] = Session(share: share.number, token: share.token, reviewer: reviewer?.reviewer,
                               name: reviewer?.name, last: Date())
        }
        return key
    }

    /// The session `key` of `share` (nil: none, another share's, idle too long, or a share made anew).
    func session(_ key: String?, _ share: Share) -> Session? {
        guard let key else { return nil }
        return sessions.withLock { all in
            guard var session = all[key], session.share == share.number, session.token == share.token,
                  Date().timeIntervalSince(session.last) < Self.idleSeconds else { return nil }
            session.last = Date()
            all[key] = session
            return session
        }
    }

    /// The reviewer of session `key`, named `name` (a new reviewer key the first time).
    func name(_ key: String, _ name: String) -> Session? {
        sessions.withLock { all in
            guard var session = all[key] else { return nil }
            session.reviewer = session.reviewer ?? Share.newToken()
            session.name = name
            all[key] = session
            return session
        }
    }

    /// Seconds to wait before another password may be tried for these keys (`link:N`, `address:IP`), or nil.
    func wait(_ keys: [(String, Int)]) -> Int? {
        let now = Date()
        return failures.withLock { all in
            for (key, most) in keys {
                let recent = (all[key] ?? []).filter { now.timeIntervalSince($0) < Self.failureWindow }
                all[key] = recent
                if recent.count >= most, let first = recent.first {
                    return Int((Self.failureWindow - now.timeIntervalSince(first)).rounded(.up))
                }
            }
            return nil
        }
    }

    /// Records a wrong password for these keys; past `maxFailureKeys` keys (guesses from very many addresses), those
    /// whose last guess is older than the window are forgotten first, then the oldest.
    func failed(_ keys: [String]) {
        let now = Date()
        failures.withLock { all in
            keys.forEach { all[$0, default: []].append(now) }
            guard all.count > Self.maxFailureKeys else { return }
            all = all.filter { now.timeIntervalSince($0.value.last ?? now) < Self.failureWindow }
            while all.count > Self.maxFailureKeys {
                let others = all.filter { !keys.contains($0.key) }
                guard let oldest = others.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) }) else { break }
                all[oldest.key] = nil
            }
        }
    }

    /// How many addresses and links have wrong passwords remembered.
    var failureKeys: Int { failures.value.count }

    /// Addresses and links whose wrong passwords are remembered at most.
    static let maxFailureKeys = 10_000

    /// The picks of project `name`.
    func book(_ store: ProjectStore, _ name: String) -> ReviewBook {
        books.withLock { all in
            if let book = all[name] { return book }
            let book = ReviewBook(store: store, project: name)
            all[name] = book
            return book
        }
    }
}
