/// Filtering by what the file says: camera, lens, capture date, format, and tags a photo must not carry.
extension FilterCriteria {
    /// The formats `--format` accepts (what import records).
    public static let formats = ["jpeg", "png", "tiff", "webp", "heic", "avif", "raw"]

    /// A capture-date range `FROM..TO`, either end optional, each a prefix of an ISO time (`2024`, `2024-06`,
    /// `2024-06-15`, `2024-06-15T10`); both ends are included.
    public struct DateRange: Equatable, Sendable {
        public let from: String?
        public let to: String?

        /// Parses `2024-06-01..2024-06-30`, `2024..`, `..2023-12`, or one date (that day, month or year).
        public init(_ text: String) throws {
            let parts = text.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2 else {
                throw CoreError(.invalid, "give the dates as FROM..TO, e.g. 2024-06-01..2024-06-30")
            }
            let ends = parts.count == 1 ? [parts[0], parts[0]] : parts
            from = try Self.end(ends[0])
            to = try Self.end(ends[1])
            if from == nil, to == nil { throw CoreError(.invalid, "give at least one date: FROM..TO, FROM.. or ..TO") }
        }

        private static func end(_ text: String) throws -> String? {
            if text.isEmpty { return nil }
            let shape = Array("0000-00-00T00:00:00".utf8)
            let bytes = Array(text.utf8)
            let fits =
                bytes.count <= shape.count && [4, 7, 10, 13, 16, 19].contains(bytes.count)
                && zip(bytes, shape).allSatisfy { $1 == UInt8(ascii: "0") ? (48...57).contains($0) : $0 == $1 }
            let number = { (at: Int) in bytes.count > at + 1 ? Int(bytes[at] - 48) * 10 + Int(bytes[at + 1] - 48) : 1 }
            // digits are checked (`fits`) before any is read as a number
            guard fits, case let month = number(5), (1...12).contains(month),
                (1...days(year: number(0) * 100 + number(2), month: month)).contains(number(8)),
                bytes.count < 13 || number(11) < 24,
                bytes.count < 16 || number(14) < 60, bytes.count < 19 || number(17) < 60
            else {
                throw CoreError(.invalid, "'\(text)' is not a date: use YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDTHH:MM")
            }
            return text
        }

        /// The days of a month (1–12) of the proleptic Gregorian calendar.
        private static func days(year: Int, month: Int) -> Int {
            guard month == 2 else { return [4, 6, 9, 11].contains(month) ? 30 : 31 }
            return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        }

        /// True when `time` (ISO, as photos keep it) falls within the range.
        public func contains(_ time: String) -> Bool {
            if let from, time < from { return false }
            if let to, String(time.prefix(to.count)) > to { return false }
            return true
        }
    }

    /// True when every word is in the photo's IPTC fields, tags or file names (any case, any accent).
    static func holds(_ photo: Photo, words: String) -> Bool {
        let fields = Array((photo.meta ?? [:]).values) + photo.tags + [photo.file, photo.pair?.file ?? ""]
        return words.split(whereSeparator: \.isWhitespace).allSatisfy { word in
            fields.contains { $0.containsFolded(String(word)) }
        }
    }

    /// True when the photo's facts meet every fact condition (a photo that does not record a fact never matches a
    /// condition on it).
    func matchesFacts(_ photo: Photo) -> Bool {
        if let camera, !(photo.camera ?? "").containsFolded(camera.trimmingSpaces) { return false }
        if let lens, !(photo.lens ?? "").containsFolded(lens.trimmingSpaces) { return false }
        if let format, photo.format != format { return false }
        if let text, !Self.holds(photo, words: text) { return false }
        if let dates, !dates.contains(photo.captured ?? photo.modified) { return false }
        return !withoutTags.contains { photo.hasTag($0.trimmingSpaces) }
    }
}
