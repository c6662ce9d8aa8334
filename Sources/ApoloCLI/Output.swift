import ApoloCore
import ApoloStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Everything apolo prints goes through here: lines on stdout, diagnostics on stderr, JSON, aligned tables.
/// Human-readable text shows control characters as escapes (`\u{1B}`), so a hostile file name or argument
/// can neither break the one-line error rule nor drive the terminal.
enum Output {
    static func line(_ text: String) {
        print(text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).escaped }.joined(separator: "\n"))
    }

    static func error(_ text: String) {
        toStderr("error: \(text.escaped)\n")
    }

    static func warning(_ text: String) {
        toStderr("warning: \(text.escaped)\n")
    }

    static func note(_ label: String, _ text: String) {
        toStderr("\(label): \(text.escaped)\n")
    }

    /// Writes straight to file descriptor 2 (unbuffered, so prompts and errors show at once).
    static func toStderr(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    static func json<T: Encodable>(_ value: T) throws {
        print(try DocumentCodec.json(value))
    }

    /// Rows in aligned columns; columns listed in `right` are right-aligned. The header is bold on a terminal.
    static func table(_ header: [String], _ raw: [[String]], right: Set<Int> = []) {
        let rows = raw.map { $0.map(\.escaped) }
        var widths = header.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func format(_ cells: [String], into text: inout String) {
            for (i, cell) in cells.enumerated() {
                if i > 0 { text += "  " }
                let pad = widths[i] - cell.count
                if right.contains(i) { text += String(repeating: " ", count: pad) + cell } else {
                    text += cell
                    if i < cells.count - 1 { text += String(repeating: " ", count: pad) }
                }
            }
            text += "\n"
        }
        var head = ""
        format(header, into: &head)
        var text = Context.colour ? "\u{1B}[1m\(head.dropLast())\u{1B}[0m\n" : head
        text.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        for row in rows { format(row, into: &text) }
        writeStdout(text)
    }

    /// One write for a whole listing (50,000 separate prints cost more than building the text).
    static func writeStdout(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Slides as a numbered table (with a PLACE column when they come from several places).
    static func slides(_ views: [SlideView], showPlace: Bool = false) {
        var header = ["#", "ID", "FILE", "CAPTURED", "RATING", "TAGS"]
        if showPlace { header.insert("PLACE", at: 1) }
        let rows = views.map { view -> [String] in
            var row = [String(view.position), String(view.id.prefix(10)), view.file, displayTime(view.captured),
                       Stars.text(view.rating, blankZero: true), view.tags.joined(separator: ", ")]
            if showPlace { row.insert(view.place, at: 1) }
            return row
        }
        table(header, rows, right: [0])
    }

    /// `2024-05-01T10:11:12.345+01:00` shown as `2024-05-01 10:11:12`.
    static func displayTime(_ iso: String) -> String {
        String(iso.prefix(19).map { $0 == "T" ? " " : $0 })
    }
}
