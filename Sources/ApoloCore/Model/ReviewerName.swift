import Foundation

/// A reviewer's name as the photographer is shown it: what they typed, without what would let two names look the
/// same yet differ (compatibility forms, invisible characters), so that no one can pass for someone else by a
/// character the eye cannot see.
public enum ReviewerName {
    /// Bytes a name may have once cleaned.
    public static let most = 80

    /// `text` cleaned, or nil when it cannot be a name. NFKC folds fullwidth and other compatibility look-alikes
    /// to their plain letters; every default-ignorable code point goes (soft hyphen, zero-width characters and
    /// joiners, word joiner, BOM, bidi controls, tag characters); any run of spaces becomes one. Refused: nothing
    /// left with a letter or a digit, more than `most` bytes, a control character or a noncharacter (U+FFFE,
    /// U+FFFF…: XML 1.0 forbids them, and a sidecar may carry the name).
    public static func clean(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView(), space = false
        for scalar in text.precomposedStringWithCompatibilityMapping.unicodeScalars {
            let p = scalar.properties
            if p.isDefaultIgnorableCodePoint { continue }
            if p.isWhitespace {
                space = !scalars.isEmpty
                continue
            }
            if p.generalCategory == .control || p.isNoncharacterCodePoint || p.generalCategory == .surrogate {
                return nil
            }
            if space { scalars.append(" ") }
            space = false
            scalars.append(scalar)
        }
        let name = String(scalars).precomposedStringWithCompatibilityMapping
        guard !name.isEmpty, name.utf8.count <= most, name.unicodeScalars.contains(where: isLetterOrDigit) else {
            return nil
        }
        return name
    }

    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            true
        default: false
        }
    }

    /// What two names that look alike have in common: lower case, with the Cyrillic and Greek letters drawn like
    /// Latin ones taken as those ("Аna" with a Cyrillic А is "ana"). Two reviewers of one share with the same
    /// key are told apart by a number (`Reviews.of`).
    public static func key(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { latin[$0] ?? $0 })).lowercased()
    }

    static let latin: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs = [
            ("АВЕКМНОРСТХУаеорсухіјѕһԁ", "ABEKMHOPCTXYaeopcyxijshd"),
            ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν", "ABEZHIKMNOPTYXoiv")
        ]
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in pairs {
            for (a, b) in zip(from.unicodeScalars, to.unicodeScalars) { map[a] = b }
        }
        return map
    }()
}
