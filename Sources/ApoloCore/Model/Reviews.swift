/// Every reviewer's picks, by share number and reviewer key: the fold of a share log.
public struct Reviews: Equatable, Sendable {
    public private(set) var byShare: [Int: [String: Review]] = [:]

    public init(_ acts: [ReviewAct] = []) { acts.forEach { add($0) } }

    /// Reviewers a share takes at most: far beyond the people a photographer sends one link to, and a bound on
    /// what anyone holding the link can add to the log by naming themselves again and again.
    public static let maxReviewers = 500

    /// The reviews of one share by name; reviewers whose names look alike (`ReviewerName.key`) each once, told
    /// apart as "Ana", "Ana (2)"… in the order of their reviewer keys (random, and the same in every listing).
    public func of(_ share: Int) -> [Review] {
        let all = (byShare[share] ?? [:]).values.map { (key: ReviewerName.key($0.name), review: $0) }
            .sorted { ($0.key, $0.review.reviewer) < ($1.key, $1.review.reviewer) }
        var seen: [String: Int] = [:]
        return all.map { key, review in
            var shown = review
            seen[key, default: 0] += 1
            if let n = seen[key], n > 1 { shown.label = "\(review.name) (\(n))" }
            return shown
        }
    }

    public func review(_ share: Int, _ reviewer: String) -> Review? { byShare[share]?[reviewer] }

    /// Folds one act in (an act the log holds was accepted when it was made).
    /// Taken out of the dictionaries while it changes, so that no copy of a long review is made per act.
    public mutating func add(_ act: ReviewAct) {
        var reviews = byShare.removeValue(forKey: act.share) ?? [:]
        defer { byShare[act.share] = reviews }
        let name = ReviewerName.clean(act.name) ?? "?"
        var review = reviews.removeValue(forKey: act.reviewer) ?? Review(reviewer: act.reviewer, name: name)
        defer { reviews[act.reviewer] = review }
        switch act.act {
        case .pick:
            if let photo = act.photo, review.hearts[photo] == nil {
                review.hearts[photo] = review.given
                review.given += 1
            }
        case .unpick: if let photo = act.photo { review.hearts[photo] = nil }
        case .comment: if let photo = act.photo { review.comments[photo] = act.text?.isEmpty == false ? act.text : nil }
        case .submit: review.submitted = act.at
        }
    }

    /// Whether `act` may be made on `share` at its time, or the reason in words; nil from a valid act that changes
    /// nothing (a heart given twice).
    public func accept(_ act: ReviewAct, on share: Share) throws -> ReviewAct? {
        guard share.opens(at: act.at) else { throw CoreError(.locked, said: Said("review.closed", [])) }
        let review = self.review(share.number, act.reviewer)
        if let sent = review?.submitted { throw CoreError(.locked, said: Said("review.sent", "\(sent.prefix(10))")) }
        guard let name = ReviewerName.clean(act.name) else { throw CoreError(.invalid, said: Said("review.name", [])) }
        if review == nil, byShare[share.number]?.count ?? 0 >= Self.maxReviewers {
            throw CoreError(.conflict, said: Said("review.full", .number(Self.maxReviewers)))
        }
        if let photo = act.photo, !share.photos.contains(photo) {
            throw CoreError(.notFound, said: Said("review.notShared", []))
        }
        switch act.act {
        case .pick:
            guard let photo = act.photo else { throw CoreError(.invalid, said: Said("review.notShared", [])) }
            if review?.picked(photo) == true { return nil }
            if let most = share.maxPicks, review?.pickCount ?? 0 >= most {
                throw CoreError(.conflict, said: Said("review.tooMany", .number(most)))
            }
        case .unpick:
            guard let photo = act.photo else { throw CoreError(.invalid, said: Said("review.notShared", [])) }
            if review?.picked(photo) != true { return nil }
        case .comment:
            guard share.comments else { throw CoreError(.locked, said: Said("review.noComments", [])) }
            guard act.photo != nil, (act.text ?? "").utf8.count <= 2000 else {
                throw CoreError(.invalid, said: Said("review.longComment", []))
            }
        case .submit: break
        }
        var made = act
        made.name = name
        return made
    }

    /// The acts of `acts` whose fold is the fold of all of them, in their order: each heart still given (its last
    /// giving), each reviewer's last comment on a photo when it is not empty, their last sending; a reviewer left
    /// with none of these keeps their last act (a taking back or an emptied comment, which changes nothing), so that
    /// they are still listed. Every act kept carries the name of its reviewer's first act, the name the fold shows.
    /// Linear in the number of acts.
    public static func live(_ acts: [ReviewAct]) -> [ReviewAct] {
        var alive = [Bool](repeating: false, count: acts.count)
        var picked: [String: Int] = [:], said: [String: Int] = [:], sent: [String: Int] = [:]
        var last: [String: Int] = [:], names: [String: String] = [:]
        for (at, act) in acts.enumerated() {
            let who = "\(act.share) \(act.reviewer)", what = who + " " + (act.photo ?? "")
            if names[who] == nil { names[who] = act.name }
            last[who] = at
            switch act.act {
            case .pick where act.photo != nil && picked[what] == nil:
                (picked[what], alive[at]) = (at, true)
            case .unpick where act.photo != nil:
                if let was = picked.removeValue(forKey: what) { alive[was] = false }
            case .comment where act.photo != nil:
                if let was = said.removeValue(forKey: what) { alive[was] = false }
                if act.text?.isEmpty == false { (said[what], alive[at]) = (at, true) }
            case .submit:
                if let was = sent[who] { alive[was] = false }
                (sent[who], alive[at]) = (at, true)
            default: break
            }
        }
        var listed = Set<String>()
        for (at, act) in acts.enumerated() where alive[at] { listed.insert("\(act.share) \(act.reviewer)") }
        for (who, at) in last where !listed.contains(who) { alive[at] = true }
        return acts.indices.compactMap { at in
            guard alive[at] else { return nil }
            var act = acts[at]
            act.name = names["\(act.share) \(act.reviewer)"] ?? act.name
            return act
        }
    }
}
