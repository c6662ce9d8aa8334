extension ProjectCheck {
    /// The rules of shares: distinct numbers from 1 and distinct link tokens apolo could have made, a title, photo
    /// ids, ISO 8601 dates, a pick limit from 1, and a password hash apolo can check.
    static func shareProblems(_ shares: [Share]) -> [String] {
        var problems: [String] = [], numbers = Set<Int>(), tokens = Set<String>()
        for share in shares {
            let name = "share \(share.number)"
            if share.number < 1 || !numbers.insert(share.number).inserted {
                problems.append("\(name): its number is used twice or is below 1")
            }
            if !Share.isToken(share.token) || !tokens.insert(share.token).inserted {
                problems.append("\(name): its link token is not one apolo makes (32 base64url characters, distinct)")
            }
            if !Share.isPlainText(share.title, most: 200) {
                problems.append("\(name): its title must be 1–200 bytes without control characters")
            }
            if let bad = share.photos.first(where: { !Photo.isValidID($0) }) {
                problems.append("\(name) names '\(bad.escaped)', which is not a photo id")
            }
            let dates = [share.created, share.expires, share.revoked].compactMap { $0 }
            for date in dates where Timestamp(iso: date) == nil {
                problems.append("\(name): '\(date.escaped)' is not an ISO 8601 time")
            }
            if let most = share.maxPicks, most < 1 { problems.append("\(name): --max-picks must be at least 1") }
            if let lock = share.lock,
                lock.kdf != "pbkdf2-sha256" || !(1_000...10_000_000).contains(lock.iterations)
                    || lock.salt.utf8.count != 32 || lock.hash.utf8.count != 64
            {
                problems.append("\(name): its password hash is not one apolo makes")
            }
        }
        return problems
    }
}
