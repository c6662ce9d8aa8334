/// What a `NameTemplate`'s variables stand for, for one photo (with its RAW+JPEG partner and sidecars).
public struct NameValues: Sendable, Equatable {
    /// The capture time as the camera's clock showed it, `YYYY-MM-DDTHH:MM:SS` (the file's time when it has none).
    public var wallClock: String
    public var camera: String?
    public var make: String?
    public var serial: String?
    public var lens: String?
    /// The original file name without its extension (`DSC_0412`).
    public var name: String
    public var job: String?
    public var seq = 1
    public var dayseq = 1
    public var cardseq = 1
    /// The album a photo is exported from (export's delivery names only).
    public var album: String?

    public init(wallClock: String, name: String) {
        self.wallClock = wallClock
        self.name = name
    }

    /// The capture day, `YYYY-MM-DD`.
    public var day: String { String(wallClock.prefix(10)) }

    func value(_ variable: NameTemplate.Variable, width: Int) -> String {
        let clock = Array(wallClock.utf8)
        func part(_ from: Int, _ count: Int) -> String {
            clock.count >= from + count ? String(decoding: clock[from..<from + count], as: UTF8.self) : "00"
        }
        switch variable {
        case .year: return clock.count >= 4 ? part(0, 4) : "0000"
        case .month: return part(5, 2)
        case .day: return part(8, 2)
        case .hour: return part(11, 2)
        case .minute: return part(14, 2)
        case .second: return part(17, 2)
        case .date: return day
        case .time: return part(11, 2) + part(14, 2) + part(17, 2)
        case .camera: return camera ?? "unknown"
        case .make: return make ?? "unknown"
        case .serial: return serial ?? "unknown"
        case .lens: return lens ?? "unknown"
        case .name: return name
        case .number: return Self.padded(fileNumber, width)
        case .job: return job ?? "nojob"
        case .seq: return Self.padded(String(seq), width)
        case .dayseq: return Self.padded(String(dayseq), width)
        case .cardseq: return Self.padded(String(cardseq), width)
        case .album: return album ?? "unknown"
        }
    }

    /// The digits that end the original name (`DSC_0412` → `0412`); `0` when it has none.
    var fileNumber: String {
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? "0" : String(digits.reversed())
    }

    static func padded(_ number: String, _ width: Int) -> String {
        let width = min(max(width, 0), 9)
        return number.count >= width ? number : String(repeating: "0", count: width - number.count) + number
    }
}
