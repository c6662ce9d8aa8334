import ApoloCore
import Foundation

/// How fast reviewers' acts (hearts, comments, sending) are taken, so that one reviewer, or many names made on one
/// link, cannot flood the picks log or keep the server's writer busy: a token bucket per reviewer and one per share.
///
/// A reviewer may act 60 times at once, then 5 times a second; a share takes 2,000 acts at once, then 50 a second
/// from all its reviewers together. A person tapping hearts makes one or two a second and pauses; 50 reviewers
/// hearting 40 photos each as fast as the server answers (`bench/reviewers.sh`) stay within both. A flood from one
/// reviewer then writes at most 5 comments of 2,000 bytes a second, and the log's compaction takes them back.
final class ActRate: Sendable {
    struct Rule: Sendable {
        let burst: Double
        let perSecond: Double
    }

    static let reviewer = Rule(burst: 60, perSecond: 5)
    static let share = Rule(burst: 2_000, perSecond: 50)
    /// Buckets kept at most; past it those already full again are forgotten (a full bucket is a new one), then if
    /// need be those that will be full soonest, down to three quarters of it (so that forgetting is seldom).
    static let maxBuckets = 50_000

    struct Bucket {
        var tokens: Double
        var at: Double
        /// When it will be full again.
        var full: Double
    }

    private let buckets = Locked([String: Bucket]())
    private let clock: @Sendable () -> Double

    init(clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.clock = clock
    }

    /// Takes one act from reviewer `reviewer` of share `share`; nil when taken, else the whole seconds to wait
    /// (nothing is taken then).
    func take(share: Int, reviewer: String) -> Int? {
        take([("share:\(share)", Self.share), ("reviewer:\(share):\(reviewer)", Self.reviewer)])
    }

    func take(_ keys: [(String, Rule)]) -> Int? {
        let now = clock()
        return buckets.withLock { all in
            var wait = 0.0
            var refilled = keys.map { key, rule in
                var bucket = all[key] ?? Bucket(tokens: rule.burst, at: now, full: now)
                bucket.tokens = min(rule.burst, bucket.tokens + max(0, now - bucket.at) * rule.perSecond)
                bucket.at = now
                if bucket.tokens < 1 { wait = max(wait, (1 - bucket.tokens) / rule.perSecond) }
                return bucket
            }
            guard wait == 0 else { return max(1, Int(wait.rounded(.up))) }
            for (at, (key, rule)) in keys.enumerated() {
                refilled[at].tokens -= 1
                refilled[at].full = now + (rule.burst - refilled[at].tokens) / rule.perSecond
                all[key] = refilled[at]
            }
            if all.count > Self.maxBuckets { Self.forget(&all, now: now) }
            return nil
        }
    }

    static func forget(_ all: inout [String: Bucket], now: Double) {
        all = all.filter { $0.value.full > now }
        guard all.count > maxBuckets * 3 / 4 else { return }
        let keep = all.sorted { $0.value.full > $1.value.full }.prefix(maxBuckets * 3 / 4)
        all = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }

    /// How many buckets are kept.
    var count: Int { buckets.value.count }
}
