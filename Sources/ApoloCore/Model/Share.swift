/// A link a client opens to pick favourites among a shelf's or an album's photos, without an account.
///
/// The photos are those of the shelf or album when the share was made, in its order: what the client was sent does
/// not change under them, and a pick always names a photo they saw. The link's token is the share's key (192 random
/// bits, base64url); a password, when set, is kept only as a slow hash (`ShareLock`).
public struct Share: Codable, Equatable, Sendable {
    /// Its number in the project (1, 2, …), never reused.
    public var number: Int
    public var title: String
    /// The shelf or album it was made from, as it was named then.
    public var source: String
    public var photos: [PhotoID]
    public var token: String
    /// ISO 8601 UTC: when it was made, when it stops opening (nil: never), when it was revoked (nil: not).
    public var created: String
    public var expires: String?
    public var revoked: String?
    public var lock: ShareLock?
    /// At most this many hearts per reviewer (nil: no limit).
    public var maxPicks: Int?
    public var download: Download
    public var comments: Bool
    /// File names shown to reviewers (off: "Photo 12").
    public var names: Bool
    /// Guests may find themselves: the page offers the faces of the people in the share's photos, and a face picked
    /// shows the photos that person is in (nil: off, the default; only the share's own photos, nothing sent away).
    public var findMe: Bool?

    /// What a reviewer may download.
    public enum Download: String, Codable, Sendable, CaseIterable {
        /// Nothing but what the page shows (a preview no larger than a screen).
        case none
        /// A JPEG of at most 2,048 pixels on the long side.
        case resized
        /// The original file's bytes.
        case original
    }

    public init(
        number: Int, title: String, source: String, photos: [PhotoID], token: String, created: String,
        expires: String? = nil, lock: ShareLock? = nil, maxPicks: Int? = nil, download: Download = .none,
        comments: Bool = true, names: Bool = false
    ) {
        (self.number, self.title, self.source, self.photos, self.token) = (number, title, source, photos, token)
        (self.created, self.expires, self.lock, self.maxPicks) = (created, expires, lock, maxPicks)
        (self.download, self.comments, self.names) = (download, comments, names)
    }

    /// Whether the link opens at `now` (ISO 8601): not revoked and not expired.
    public func opens(at now: String) -> Bool {
        guard revoked == nil else { return false }
        guard let expires, let end = Timestamp(iso: expires), let time = Timestamp(iso: now) else { return true }
        return time < end
    }

    /// True for a title or a person's name: 1 to `most` bytes once trimmed, no control character.
    public static func isPlainText(_ text: String, most: Int) -> Bool {
        let trimmed = text.trimmingSpaces
        return !trimmed.isEmpty && trimmed.utf8.count <= most
            && !trimmed.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// A new link token: 24 random bytes as base64url (192 bits).
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64url((0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// True for a token apolo could have made (32 base64url characters).
    public static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { Self.alphabet.contains($0) }
    }

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Bytes as base64url without padding (whole groups of 3 bytes only).
    static func base64url(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        for at in stride(from: 0, to: bytes.count - bytes.count % 3, by: 3) {
            let n = UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A share's password as a slow hash: PBKDF2-HMAC-SHA256 with a random salt (hex) and its iteration count.
public struct ShareLock: Codable, Equatable, Sendable {
    public var kdf: String
    public var iterations: Int
    public var salt: String
    public var hash: String

    public init(kdf: String = "pbkdf2-sha256", iterations: Int, salt: String, hash: String) {
        (self.kdf, self.iterations, self.salt, self.hash) = (kdf, iterations, salt, hash)
    }
}

extension Project {
    /// The project's shares (empty when none).
    public var sharing: [Share] {
        get { shares ?? [] }
        set { shares = newValue.isEmpty ? nil : newValue }
    }

    /// The share with this number (`3`, `#3`) or title (any case), or a message listing the shares.
    public func requireShare(_ ref: String) throws -> Share {
        let text = ref.hasPrefix("#") ? String(ref.dropFirst()) : ref
        if let number = Int(text), let share = sharing.first(where: { $0.number == number }) { return share }
        let key = ref.foldKey
        if let share = sharing.first(where: { $0.title.foldKey == key }) { return share }
        let known = sharing.map { "\($0.number) (\($0.title))" }.joined(separator: ", ")
        throw CoreError(.notFound, said: Said("share.none", "\(ref)", "\(known.isEmpty ? "–" : known)"))
    }

}
