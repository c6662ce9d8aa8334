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

    public init(
        share: Int, reviewer: String, name: String, act: Kind, photo: PhotoID? = nil, text: String? = nil,
        at: String
    ) {
        (self.share, self.reviewer, self.name, self.act, self.photo, self.text, self.at) =
            (share, reviewer, name, act, photo, text, at)
    }
}

/// One reviewer's picks and comments on one share.
public struct Review: Equatable, Sendable {
    public var reviewer: String
    public var name: String
    /// The photos hearted, in the order given.
    public var picks: [PhotoID] { hearts.sorted { $0.value < $1.value }.map(\.key) }
    /// Each photo hearted and how many hearts were given before it (a heart is then found, given and taken back
    /// in constant time, however many there are).
    var hearts: [PhotoID: Int] = [:]
    var given = 0
    public var comments: [PhotoID: String] = [:]
    /// When they sent their picks (nil: not yet, they may still change them).
    public var submitted: String?
    /// The name as shown: `name`, or "Ana (2)" for the second reviewer of a share whose name looks the same.
    public var label: String

    public init(reviewer: String, name: String) {
        (self.reviewer, self.name, label) = (reviewer, name, name)
    }

    /// Whether they hearted `photo`.
    public func picked(_ photo: PhotoID) -> Bool { hearts[photo] != nil }

    /// How many photos they hearted.
    public var pickCount: Int { hearts.count }

    /// The same reviewer, name, hearts in the same order, comments and sending.
    public static func == (a: Review, b: Review) -> Bool {
        (a.reviewer, a.name, a.label, a.comments, a.submitted) == (b.reviewer, b.name, b.label, b.comments, b.submitted)
            && a.picks == b.picks
    }
}
