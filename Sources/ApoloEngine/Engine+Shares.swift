import ApoloCore
import ApoloStore

/// Shares and what reviewers did through them: the shares are the project's (made and revoked as edits), the
/// reviewers' acts their own (`ShareLog`).
extension Engine {
    /// Every reviewer's picks and comments in the open project (or `name`).
    public func reviews(project name: String? = nil) throws -> Reviews {
        let name = try name ?? store.requireCurrent()
        return Reviews(try store.picks(name).read().acts)
    }
}

/// A long-running front end's memory of the reviews of one project: read once, then only what was appended since;
/// an act is checked against every act before it (another process's too) under the log's lock, then flushed.
public final class ReviewBook: Sendable {
    let log: ShareLog
    private let state = Locked((reviews: Reviews(), end: 0))
    /// One act at a time in this process (the file lock then never waits on a thread of its own process).
    private let writing = Locked(())

    public init(store: ProjectStore, project: String) {
        log = store.picks(project)
    }

    /// The reviews now (what other processes appended included).
    public func reviews() throws -> Reviews {
        let known = state.value.end
        let (acts, end) = try log.read(from: known)
        guard end != known else { return state.value.reviews }
        return state.withLock { now in
            guard now.end == known else { return now.reviews }
            if end < known { now.reviews = Reviews(acts) } else { acts.forEach { now.reviews.add($0) } }
            now.end = end
            return now.reviews
        }
    }

    /// Checks and records `act` on `share`; the review as it is after it. Throws `CoreError` in words when refused.
    public func record(_ act: ReviewAct, on share: Share) throws -> Review? {
        try writing.withLock { _ in
            let (reviews, known) = (state.value.reviews, state.value.end)
            var seen = reviews
            let outcome = try log.append(act, known: known) { others, _ in
                others.forEach { seen.add($0) }
                return try seen.accept(act, on: share)
            }
            if let made = outcome.act { seen.add(made) }
            state.withLock { $0 = (seen, outcome.end) }
            return seen.review(share.number, act.reviewer)
        }
    }
}
