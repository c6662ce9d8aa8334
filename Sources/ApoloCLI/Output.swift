import ApoloCore
import CApoloSystem
import ApoloStore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Everything apolo prints goes through here: lines on stdout, diagnostics on stderr, JSON, aligned tables.
/// Standard output has one writer, unbuffered, so lines, tables and JSON come out in the order they were written
/// whatever stdout is (a terminal, a file, a pipe).
/// Human-readable text shows control characters as escapes (`\u{1B}`), so a hostile file name or argument
/// can neither break the one-line error rule nor drive the terminal.
enum Output {
    static func line(_ text: String) {
        writeStdout(
            Array(
                (text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).escaped }.joined(
                    separator: "\n") + "\n").utf8))
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

    /// Writes straight to stderr (unbuffered, so prompts and errors show at once): descriptor 2, or its copy once
    /// libvips is loaded (see `apolo_quiet_libraries`).
    static func toStderr(_ text: String) { write(Array(text.utf8), to: apolo_error_fd()) }

    /// All of `bytes` to a descriptor, retrying short writes; a closed pipe ends the output quietly.
    private static func write(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    static func json<T: Encodable>(_ value: T) throws {
        writeStdout(Array((try DocumentCodec.json(value) + "\n").utf8))
    }

    /// A long array as JSON, encoded a part per core. Each part is an array in the same style, so taking
    /// the brackets off where two parts meet gives exactly the text of the whole array.
    static func json<C: RandomAccessCollection & Sendable>(array items: C) throws
    where C.Element: Encodable & Sendable, C.Index == Int {
        writeStdout(Array((try jsonText(array: items) + "\n").utf8))
    }

    static func jsonText<C: RandomAccessCollection & Sendable>(array items: C) throws -> String
    where C.Element: Encodable & Sendable, C.Index == Int {
        let ranges = Parallel.parts(items.count)
        guard ranges.count > 1 else { return try DocumentCodec.json(Array(items)) }
        let texts = try Parallel.map(ranges) { range in
            Result {
                try DocumentCodec.json(
                    Array(items[(items.startIndex + range.lowerBound)..<(items.startIndex + range.upperBound)]))
            }
        }.map { try $0.get() }
        let inner = texts.map { $0.dropFirst(2).dropLast(2) }  // "[\n" … "\n]"
        return "[\n" + inner.joined(separator: ",\n") + "\n]"
    }

    /// Rows in aligned columns; columns listed in `right` are right-aligned. The header is bold on a terminal.
    static func table(_ header: [String], _ raw: [[String]], right: Set<Int> = []) {
        writeStdout(tableBytes(header, raw, right: right))
    }

    /// The text `table` prints.
    static func tableBytes(_ header: [String], _ raw: [[String]], right: Set<Int> = []) -> [UInt8] {
        var widths = header.map(\.count)
        for row in raw {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], width(cell)) }
        }
        func format(_ cells: [String], into out: inout [UInt8]) {
            for (i, cell) in cells.enumerated() {
                if i > 0 { out += [32, 32] }
                let text = cell.escaped
                let pad = repeatElement(UInt8(32), count: widths[i] - width(cell))
                if right.contains(i) { out += pad }
                out += text.utf8
                if !right.contains(i), i < cells.count - 1 { out += pad }
            }
            out.append(10)
        }
        var head: [UInt8] = []
        format(header, into: &head)
        var out =
            Context.colour
            ? Array("\u{1B}[1m\(String(decoding: head.dropLast(), as: UTF8.self))\u{1B}[0m\n".utf8) : head
        out.reserveCapacity(raw.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        for row in raw { format(row, into: &out) }
        return out
    }

    /// Columns a cell takes once escaped (characters; bytes when it is printable ASCII).
    private static func width(_ cell: String) -> Int {
        cell.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? cell.utf8.count : cell.escaped.count
    }

    /// One write for a whole listing (50,000 separate prints cost more than building the text).
    static func writeStdout(_ bytes: [UInt8]) { write(bytes, to: 1) }

    /// Slides as a numbered table (with a PLACE column when they come from several places).
    static func slides<C: RandomAccessCollection & Sendable>(_ views: C, showPlace: Bool = false)
    where C.Element == SlideView, C.Index == Int {
        SlideTable.print(views, showPlace: showPlace)
    }

    /// `2024-05-01T10:11:12.345+01:00` shown as `2024-05-01 10:11:12`.
    static func displayTime(_ iso: String) -> String {
        String(decoding: iso.utf8.prefix(19).map { $0 == 84 ? 32 : $0 }, as: UTF8.self)
    }
}
