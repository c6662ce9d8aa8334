/// One thing a reviewer did through a share's link: a heart given or taken back, a comment, their picks sent.
///
/// Reviewers' acts are theirs, not the photographer's edits: they are kept in the share's own log beside the project
/// (never in its undo history), so the photographer's undo never takes a client's heart back.
public struct ReviewAct: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case pick, unpick, comment, submit
    }

    public var share: Int
    /// The reviewer's own random key (given when they first named themselves), and the name they gave.
    public var reviewer: String
    public var name: String
    public var act: Kind
    public var photo: PhotoID?
    public var text: String?
    /// ISO 8601 UTC.
    public var at: String

    public init(share: Int, reviewer: String, name: String, act: Kind, photo: PhotoID? = nil, text: String? = nil,
                at: String) {
        (self.share, self.reviewer, self.name, self.act, self.photo, self.text, self.at) =
            (share, reviewer, name, act, photo, text, at)
    }
}

/// One reviewer's picks and comments on one share.
public struct Review: Equatable, Sendable {
    public var reviewer: String
    public var name: String
    /// In the order given.
    public var picks: [PhotoID] = []
    public var comments: [PhotoID: String] = [:]
    /// When they sent their picks (nil: not yet, they may still change them).
    public var submitted: String?

    public init(reviewer: String, name: String) {
        (self.reviewer, self.name) = (reviewer, name)
    }
}

/// Every reviewer's picks, by share number and reviewer key: the fold of a share log.
public struct Reviews: Equatable, Sendable {
    public private(set) var byShare: [Int: [String: Review]] = [:]

    public init(_ acts: [ReviewAct] = []) { acts.forEach { add($0) } }

    /// The reviews of one share, first named first.
    public func of(_ share: Int) -> [Review] {
        (byShare[share] ?? [:]).values.sorted { ($0.name.foldKey, $0.reviewer) < ($1.name.foldKey, $1.reviewer) }
    }

    public func review(_ share: Int, _ reviewer: String) -> Review? { byShare[share]?[reviewer] }

    /// Folds one act in (an act the log holds was accepted when it was made).
    public mutating func add(_ act: ReviewAct) {
        var review = byShare[act.share]?[act.reviewer] ?? Review(reviewer: act.reviewer, name: act.name)
        switch act.act {
        case .pick: if let photo = act.photo, !review.picks.contains(photo) { review.picks.append(photo) }
        case .unpick: review.picks.removeAll { $0 == act.photo }
        case .comment: if let photo = act.photo { review.comments[photo] = act.text?.isEmpty == false ? act.text : nil }
        case .submit: review.submitted = act.at
        }
        byShare[act.share, default: [:]][act.reviewer] = review
    }

    /// Whether `act` may be made on `share` at its time, or the reason in words; nil from a valid act that changes
    /// nothing (a heart given twice).
    public func accept(_ act: ReviewAct, on share: Share) throws -> ReviewAct? {
        guard share.opens(at: act.at) else { throw CoreError(.locked, said: Said("review.closed", [])) }
        let review = self.review(share.number, act.reviewer)
        if let sent = review?.submitted { throw CoreError(.locked, said: Said("review.sent", "\(sent.prefix(10))")) }
        let name = act.name.trimmingSpaces
        guard Share.isPlainText(name, most: 80) else { throw CoreError(.invalid, said: Said("review.name", [])) }
        if let photo = act.photo, !share.photos.contains(photo) {
            throw CoreError(.notFound, said: Said("review.notShared", []))
        }
        switch act.act {
        case .pick:
            guard let photo = act.photo else { throw CoreError(.invalid, said: Said("review.notShared", [])) }
            let picks = review?.picks ?? []
            if picks.contains(photo) { return nil }
            if let most = share.maxPicks, picks.count >= most {
                throw CoreError(.conflict, said: Said("review.tooMany", .number(most)))
            }
        case .unpick:
            guard let photo = act.photo else { throw CoreError(.invalid, said: Said("review.notShared", [])) }
            if !(review?.picks ?? []).contains(photo) { return nil }
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
}
