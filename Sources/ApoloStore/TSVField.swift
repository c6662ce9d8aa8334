/// A field of apolo's tab-separated logs: `%`, tab, newline and carriage return written as `%25 %09 %0A %0D`.
enum TSVField {
    static func escape(_ field: String) -> String {
        var out = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unescape(_ field: Substring) -> String {
        guard field.contains("%") else { return String(field) }
        return String(field).replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%25", with: "%")
    }
}
