import ApoloCore
import Foundation

/// Slides as an aligned, numbered table: what `table`, `shelf show`, `album show` and `filter` print.
///
/// Written byte by byte rather than cell by cell: a table can hold 50,000 rows, and a String per cell cost
/// more than loading the project. Same layout as `Output.table`.
struct SlideTable {
    private var out: [UInt8] = []
    private var widths: [Int]
    private let showPlace: Bool

    /// Prints `views`.
    static func print<C: RandomAccessCollection & Sendable>(_ views: C, showPlace: Bool)
    where C.Element == SlideView, C.Index == Int {
        for part in render(views, showPlace: showPlace) { Output.writeStdout(part) }
    }

    /// The text in parts (header, then rows a part per core): `views` are read twice, once for the column
    /// widths and once to write.
    static func render<C: RandomAccessCollection & Sendable>(
        _ views: C, showPlace: Bool,
        cores: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [[UInt8]]
    where C.Element == SlideView, C.Index == Int {
        var header = ["#", "ID", "FILE", "CAPTURED", "RATING", "TAGS"]
        if showPlace { header.insert("PLACE", at: 1) }
        let ranges = Parallel.parts(views.count, cores: cores)
        let start = SlideTable(widths: header.map(\.count), showPlace: showPlace)
        let measured = Parallel.map(ranges) { range in
            var table = start
            for i in range { table.measure(views[views.startIndex + i]) }
            return table.widths
        }
        var table = start
        table.widths = (0..<header.count).map { column in measured.map { $0[column] }.max() ?? 0 }
        for (column, title) in header.enumerated() { table.cell(title, column: column, width: title.count) }
        let head = table.out
        let title = Context.colour ? Array("\u{1B}[1m".utf8) + head.dropLast() + Array("\u{1B}[0m\n".utf8) : head
        table.out = []
        let empty = table
        let written = Parallel.map(ranges) { range in
            var part = empty
            part.out.reserveCapacity(range.count * (empty.widths.reduce(0, +) + 2 * empty.widths.count + 8))
            for i in range { part.row(views[views.startIndex + i]) }
            return part.out
        }
        return [title] + written
    }

    /// Follows a time that is the file's, not the camera's.
    static let fileMark = " (file time)"

    private mutating func measure(_ view: SlideView) {
        let offset = showPlace ? 1 : 0
        if showPlace { widths[1] = max(widths[1], Self.width(view.place)) }
        widths[0] = max(widths[0], Self.digits(view.position))
        widths[1 + offset] = max(widths[1 + offset], Self.width(view.id, limit: 10))
        widths[2 + offset] = max(widths[2 + offset], Self.width(view.file))
        widths[3 + offset] = max(
            widths[3 + offset],
            Self.width(view.captured, limit: 19) + (view.fileTime == true ? Self.fileMark.utf8.count : 0))
        widths[4 + offset] = max(widths[4 + offset], view.rating == 0 ? 0 : 5)
    }

    private mutating func row(_ view: SlideView) {
        let position = String(view.position)
        cell(position, column: 0, width: position.utf8.count)
        var column = 1
        if showPlace {
            cell(view.place, column: 1, width: Self.width(view.place))
            column = 2
        }
        cell(view.id, column: column, width: Self.width(view.id, limit: 10), limit: 10)
        cell(view.file, column: column + 1, width: Self.width(view.file))
        if view.fileTime == true {  // no capture time in the file: say why it sorts by this one
            let text = String(view.captured.prefix(19)) + Self.fileMark
            cell(text, column: column + 2, width: Self.width(text), replacingT: true)
        } else {
            cell(
                view.captured, column: column + 2, width: Self.width(view.captured, limit: 19), limit: 19,
                replacingT: true)
        }
        cell(Stars.text(view.rating, blankZero: true), column: column + 3, width: view.rating == 0 ? 0 : 5)
        cell(view.tags.joined(separator: ", "), column: column + 4, width: 0)
    }

    /// One cell (its first `limit` bytes): right-aligned in column 0, left-aligned elsewhere, unpadded last;
    /// escaped unless plain ASCII.
    private mutating func cell(_ text: String, column: Int, width: Int, limit: Int = .max, replacingT: Bool = false) {
        let last = column == widths.count - 1
        if column > 0 { out += [32, 32] }
        let padding = max(0, widths[column] - width)
        if column == 0 { pad(padding) }
        var text = text
        let plain = text.withUTF8 { bytes in
            let part = UnsafeBufferPointer(rebasing: bytes.prefix(limit))
            guard Self.isPlain(part) else { return false }
            let start = out.count
            out.append(contentsOf: part)
            if replacingT, let t = out[start...].firstIndex(of: 84) { out[t] = 32 }
            return true
        }
        if !plain { out.append(contentsOf: String(decoding: text.utf8.prefix(limit), as: UTF8.self).escaped.utf8) }
        if column > 0, !last { pad(padding) }
        if last { out.append(10) }
    }

    private static let spaces = [UInt8](repeating: 32, count: 256)

    private mutating func pad(_ count: Int) {
        if count <= Self.spaces.count {
            out.append(contentsOf: Self.spaces[0..<count])
        } else {
            out += repeatElement(32, count: count)
        }
    }

    /// Columns the first `limit` bytes of `text` take once escaped: their count when they are printable ASCII.
    private static func width(_ text: String, limit: Int = .max) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            let part = UnsafeBufferPointer(rebasing: bytes.prefix(limit))
            return isPlain(part) ? part.count : String(decoding: part, as: UTF8.self).escaped.count
        }
    }

    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    private static func digits(_ n: Int) -> Int { n < 10 ? 1 : 1 + digits(n / 10) }
}
