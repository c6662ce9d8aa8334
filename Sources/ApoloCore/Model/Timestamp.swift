/// A point in time as apolo stores it: ISO 8601 text with optional fraction and zone.
///
/// EXIF capture times carry no zone unless the camera wrote OffsetTimeOriginal; such a
/// wall-clock time is ordered as if it were UTC. File times are always UTC ("Z").
public struct Timestamp: Comparable, Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00 (UTC, or wall clock when there is no zone).
    public let seconds: Int64
    /// Fraction of the second in nanoseconds.
    public let nanos: Int

    public init(seconds: Int64, nanos: Int) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool {
        (a.seconds, a.nanos) < (b.seconds, b.nanos)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]`; nil when the text is not of that form.
    public init?(iso text: String) {
        var text = text
        guard let time = text.withUTF8(Timestamp.parse) else { return nil }
        self = time
    }

    /// The same, from UTF-8 bytes.
    public static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard b.count >= 19, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 32, b[13] == 58, b[16] == 58,
            let y = Self.number(b, 0, 4), let mo = Self.number(b, 5, 2), let d = Self.number(b, 8, 2),
            let h = Self.number(b, 11, 2), let mi = Self.number(b, 14, 2), let s = Self.number(b, 17, 2),
            (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61
        else { return nil }
        var i = 19
        var nanos = 0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 100_000_000
            while i < b.count, (48...57).contains(b[i]) {
                nanos += Int(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
        }
        var offset = 0
        if i < b.count {
            if b[i] == 90, i == b.count - 1 {
                offset = 0
            } else if b.count - i == 6, b[i] == 43 || b[i] == 45, b[i + 3] == 58,
                let oh = Self.number(b, i + 1, 2), let om = Self.number(b, i + 4, 2)
            {
                offset = (oh * 60 + om) * (b[i] == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        let days = Self.daysFromCivil(y, mo, d)
        return Timestamp(
            seconds: Int64(days) * 86_400 + Int64(h * 3600 + mi * 60 + s) - Int64(offset * 60), nanos: nanos)
    }

    /// ISO 8601 text in UTC with milliseconds, e.g. `2024-05-01T10:11:12.345Z`.
    public var isoUTC: String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        let (y, m, d) = Self.civil(fromDays: days)
        let date = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
        let time = "\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
        return "\(date)T\(time).\(pad(nanos / 1_000_000, 3))Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS` of these seconds read as a wall clock (no zone).
    public var wallClock: String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        let (y, m, d) = Self.civil(fromDays: days)
        let clock = "\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T" + clock
    }

    private static func number(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int? {
        var value = 0
        for k in at..<(at + count) {
            guard (48...57).contains(b[k]) else { return nil }
            value = value * 10 + Int(b[k] - 48)
        }
        return value
    }

    /// Howard Hinnant's days-from-civil algorithm.
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

private func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
