import ApoloCore
import ApoloStore

/// The photographer's code replacements (`APOLO_HOME/codes.txt`): one `code<TAB>replacement` a line, as Photo
/// Mechanic's code replacement files are; `#` starts a comment line. `\code\` in a caption is replaced.
public enum Codes {
    /// The largest codes file read (a wedding's guest list of thousands of names fits).
    public static let limit = 4 << 20

    /// The codes of a home; empty when it has no codes file or it cannot be read.
    public static func load(_ home: Home) -> [String: String] {
        guard let bytes = try? SafeFile.read(home.root + "/codes.txt", limit: limit, noFollow: true) else { return [:] }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Lines of `code<TAB>replacement`; blank lines, comments and lines without a tab are ignored.
    public static func parse(_ text: String) -> [String: String] {
        var codes: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let code = String(line[..<tab]).trimmingSpaces
            let value = String(line[line.index(after: tab)...]).trimmingSpaces
            if !code.isEmpty && !code.contains("\\") && !value.isEmpty { codes[code] = value }
        }
        return codes
    }
}
