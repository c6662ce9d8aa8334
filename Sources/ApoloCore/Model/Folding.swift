/// Case-insensitive text tests for hot paths (a filter asks them of 50,000 photos): ASCII text is compared byte by
/// byte, folding A–Z, with no lowercased copy; other text falls back to `lowercased()`.
extension String {
    /// True when `needle` occurs in the string, in any case.
    public func containsFolded(_ needle: String) -> Bool { folded(needle, anywhere: true) }

    /// True when the string starts with `prefix`, in any case.
    public func hasPrefixFolded(_ prefix: String) -> Bool { folded(prefix, anywhere: false) }

    private func folded(_ needle: String, anywhere: Bool) -> Bool {
        var text = self, needle = needle
        let found: Bool? = text.withUTF8 { haystack in
            needle.withUTF8 { wanted in
                guard haystack.allSatisfy({ $0 < 128 }), wanted.allSatisfy({ $0 < 128 }) else { return nil }
                guard haystack.count >= wanted.count else { return false }
                let last = anywhere ? haystack.count - wanted.count : 0
                return (0...last).contains { start in
                    zip(haystack[start..<(start + wanted.count)], wanted).allSatisfy { Self.fold($0) == Self.fold($1) }
                }
            }
        }
        if let found { return found }
        let (lower, key) = (lowercased(), needle.lowercased())
        return anywhere ? lower.contains(key) : lower.hasPrefix(key)
    }

    private static func fold(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte | 32 : byte }
}
