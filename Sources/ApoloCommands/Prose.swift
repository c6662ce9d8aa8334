/// Help text as the argument parser should wrap it: the lines of each paragraph joined into one, so that the parser
/// wraps it once, to the terminal's width (a paragraph hard-wrapped in the source at 110 columns was wrapped again at
/// 80, leaving a short line every other line). Blank lines, indented lines (examples, tables), list items (`-`, `•`)
/// and a short line ending in `:` (a heading such as `Examples:`) stay as written.
public func prose(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var out: [String] = []
    for line in lines {
        if let last = out.last, flows(last), flows(line), !starts(line) {
            out[out.count - 1] = last + " " + line
        } else {
            out.append(line)
        }
    }
    return out.joined(separator: "\n")
}

/// True for a line of running text: not blank, not indented, not a heading.
private func flows(_ line: String) -> Bool {
    guard let first = line.first, first != " ", first != "\t" else { return false }
    return !(line.hasSuffix(":") && line.count <= 40)
}

/// True for a line that starts something of its own: a list item.
private func starts(_ line: String) -> Bool {
    line.hasPrefix("- ") || line.hasPrefix("• ") || line.hasPrefix("* ")
}
