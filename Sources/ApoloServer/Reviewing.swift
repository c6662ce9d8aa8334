import ApoloCore
import ApoloEngine
import ApoloStore
import Foundation
import NIOPosix

/// What the light table keeps of reviewers: their sessions (opened with a share's link key, held in a cookie of that
/// share's path), their password guesses, how fast they act, and each project's picks.
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
    private let books = Locked([String: ReviewBook]())
    /// Sessions kept at most (the oldest is forgotten past it: its reviewer opens the link again).
    static let maxSessions = 20_000
    static let idleSeconds = 7 * 86_400.0
    /// How fast reviewers' acts are taken.
    let rate = ActRate()
    /// Password guesses, per address and per link.
    let guesses = Guesses()

    /// A new session of `share`; its key for the cookie.
    func open(_ share: Share, reviewer: Review?) -> String {
        let key = Share.newToken()
        sessions.withLock { all in
            if all.count >= Self.maxSessions, let oldest = all.min(by: { $0.value.last < $1.value.last })?.key {
                all[oldest] = nil
            }
            all[key] = Session(
                share: share.number, token: share.token, reviewer: reviewer?.reviewer,
                name: reviewer?.name, last: Date())
        }
        return key
    }

    /// The session `key` of `share` (nil: none, another share's, idle too long, or a share made anew).
    func session(_ key: String?, _ share: Share) -> Session? {
        guard let key else { return nil }
        return sessions.withLock { all in
            guard var session = all[key], session.share == share.number, session.token == share.token,
                Date().timeIntervalSince(session.last) < Self.idleSeconds
            else { return nil }
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
