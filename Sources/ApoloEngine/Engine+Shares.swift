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
/// an act is checked against every act before it (another process's too) under the log's lock, then flushed. The
/// log is compacted once the lines added since its last compaction pass those it then held (plus `slack`), so the
/// work of compacting stays proportional to the acts that came in.
public final class ReviewBook: Sendable {
    let log: ShareLog
    private let state = Locked(State())
    /// One act at a time in this process (the file lock then never waits on a thread of its own process).
    private let writing = Locked(())
    /// Lines added before a compaction is tried, beyond the lines the log held after the last one.
    static let slack = 1000
    /// Lines added after a compaction before a full log is compacted again (else every refused act would read it).
    static let fullSlack = 100

    struct State {
        var reviews = Reviews()
        var mark: ShareLog.Mark?
        /// Lines read (whole lines of acts), when to try a compaction, and the lines after the last one.
        var lines = 0
        var checkAt = 0
        var compactedAt = 0

        mutating func fold(_ read: ShareLog.Read) {
            if read.whole {
                (reviews, lines) = (Reviews(read.acts), read.acts.count)
            } else {
                read.acts.forEach { reviews.add($0) }
                lines += read.acts.count
            }
            mark = read.mark
        }
    }

    public init(store: ProjectStore, project: String) {
        log = store.picks(project)
    }

    /// The reviews now (what other processes appended included).
    public func reviews() throws -> Reviews {
        let known = state.value
        let read = try log.read(after: known.mark)
        guard read.whole || read.mark != known.mark else { return known.reviews }
        return state.withLock { now in
            guard now.mark == known.mark else { return now.reviews }
            now.fold(read)
            return now.reviews
        }
    }

    /// Checks and records `act` on `share`; the review as it is after it. Throws `CoreError` in words when refused
    /// (`review.logFull` when even the log's live acts fill it).
    public func record(_ act: ReviewAct, on share: Share) throws -> Review? {
        try writing.withLock { _ in
            if state.value.mark == nil || state.value.lines >= state.value.checkAt {  // past half full: any dead line
                try compact(always: (state.value.mark?.end ?? .max) > ShareLog.maxSize / 2)
            }
            do {
                return try append(act, on: share)
            } catch let error as CoreError where error.said.key == "review.logFull" {
                guard state.value.lines >= state.value.compactedAt + Self.fullSlack else { throw error }
                try compact(always: true)
                return try append(act, on: share)
            }
        }
    }

    private func append(_ act: ReviewAct, on share: Share) throws -> Review? {
        var now = state.value
        let outcome = try log.append(act, after: now.mark) { read in
            now.fold(read)
            return try now.reviews.accept(act, on: share)
        }
        if let made = outcome.act {
            now.reviews.add(made)
            now.lines += 1
        }
        now.mark = outcome.mark
        state.withLock { $0 = now }
        return now.reviews.review(share.number, act.reviewer)
    }

    private func compact(always: Bool) throws {
        let read = try log.compact(always: always)
        state.withLock { now in
            now.fold(read)
            (now.checkAt, now.compactedAt) = (2 * now.lines + Self.slack, now.lines)
        }
    }
}
