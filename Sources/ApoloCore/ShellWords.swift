/// Splits a line of a batch script into words as a POSIX shell would: white space separates words,
/// `'…'` is literal, `"…"` allows `\"` and `\\`, a backslash outside quotes escapes the next character,
/// and `#` at the start of a word begins a comment.
public enum ShellWords {
    public static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            switch c {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "#" where !inWord:
                return words
            case "'":
                inWord = true
                guard let end = take(&chars, until: "'", escapes: false) else {
                    throw CoreError(.invalid, "unclosed ' quote")
                }
                word += end
            case "\"":
                inWord = true
                guard let end = take(&chars, until: "\"", escapes: true) else {
                    throw CoreError(.invalid, "unclosed \" quote")
                }
                word += end
            case "\\":
                inWord = true
                if let next = chars.next() { word.append(next) }
            default:
                inWord = true
                word.append(c)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    private static func take(_ chars: inout String.Iterator, until close: Character, escapes: Bool) -> String? {
        var text = ""
        while let c = chars.next() {
            if c == close { return text }
            if escapes, c == "\\", let next = chars.next() {
                if next != "\"" && next != "\\" { text.append(c) }
                text.append(next)
            } else {
                text.append(c)
            }
        }
        return nil
    }
}
