/// `time shift --camera MODEL [--serial S] ±1h02m13s` (or `time shift REF… ±…`): moves capture times where a
/// camera's clock was wrong, so the table's capture order interleaves two bodies right. The project's times
/// change, never the originals; sidecars and exported copies carry the corrected time (`exif:DateTimeOriginal`).
public struct TimeShift: Edit, Equatable {
    public static let spec = CommandSpec(
        "time shift", "Move the capture times of a camera's photos (or of the photos named) by a duration", kind: .edit)
    public static let examples = [
        Example(
            "time shift table:2 +1h", TimeShift(ref: "table:2", seconds: 3600), before: "table: a b",
            after: "table: a b"),
        Example(
            "time shift table:2 +01:00:00", TimeShift(ref: "table:2", seconds: 3600), before: "table: a b",
            after: "table: a b"),
        Example(
            "time shift --camera Nikon +1h", TimeShift(camera: "Nikon", seconds: 3600), before: "table: a",
            error: "no photo of a camera matching 'Nikon'"),
        Example(
            "time shift table:1 +0s", TimeShift(ref: "table:1", seconds: 0), before: "table: a",
            error: "a shift of 0 seconds changes nothing"),
        Example(
            "time shift table:1 +1h --again", TimeShift(ref: "table:1", seconds: 3600, again: true),
            before: "table: a", after: "table: a")
    ]

    public let camera: String?
    public let serial: String?
    public let ref: String?
    public let seconds: Int
    /// Shifts photos already moved by exactly this much once more (without it, that is refused: a command run
    /// twice by accident would move them twice).
    public let again: Bool

    public init(camera: String? = nil, serial: String? = nil, ref: String? = nil, seconds: Int, again: Bool = false) {
        (self.camera, self.serial, self.ref, self.seconds, self.again) = (camera, serial, ref, seconds, again)
    }

    public func apply(to project: inout Project) throws -> Said {
        guard seconds != 0 else { throw CoreError(.invalid, "a shift of 0 seconds changes nothing") }
        guard abs(seconds) <= 100 * 366 * 86_400 else { throw CoreError(.invalid, "a shift of more than 100 years?") }
        let ids: [PhotoID]
        if let ref {
            ids = try project.resolvePhotos(project.references(ref))
        } else if let camera {
            ids = project.photos.values.filter { Self.taken($0, by: camera, serial: serial) }.map(\.id)
            guard !ids.isEmpty else {
                let cameras = Set(project.photos.values.compactMap(\.camera)).sorted().prefix(8)
                let body = serial.map { " with serial \($0)" } ?? ""
                throw CoreError(
                    .notFound,
                    "no photo of a camera matching '\(camera)'\(body)"
                        + (cameras.isEmpty ? "" : " (cameras: \(cameras.joined(separator: ", ")))"))
            }
        } else {
            throw CoreError(.invalid, "name the camera (--camera MODEL) or the photos to shift")
        }
        if !again, !ids.isEmpty, ids.allSatisfy({ project.photos[$0]?.shifted == seconds }) {
            let which = ids.count == 1 ? "this photo was" : "these \(ids.count) photos were"
            throw CoreError(
                .conflict,
                "\(which) moved by \(Self.duration(seconds)) already; to move them by as much "
                    + "again, add --again")
        }
        for id in ids {
            guard var photo = project.photos[id] else { continue }
            let time = photo.captured ?? photo.modified
            guard let clock = Timestamp(iso: String(time.prefix(19))) else { continue }
            let target = clock.seconds + Int64(seconds)
            guard Self.earliest...Self.latest ~= target else {
                throw CoreError(
                    .invalid,
                    "shifting \(photo.file.escaped) by \(Self.duration(seconds)) would take it "
                        + "out of the years 1–9999, where capture times stay; nothing was shifted")
            }
            let moved = Timestamp(seconds: target, nanos: 0).wallClock
            let rest = time.dropFirst(19)
            photo.captured = moved + (photo.captured == nil ? rest.dropLast(rest.hasSuffix("Z") ? 1 : 0) : rest)
            photo.shifted = (photo.shifted ?? 0).addingReportingOverflow(seconds).partialValue
            if photo.shifted == 0 { photo.shifted = nil }
            project.photos[id] = photo
        }
        let shifted = Said("time.shifted", project.said(photos: ids), "\(Self.duration(seconds))")
        guard camera != nil else { return shifted }
        return Said("time.bodies", shifted, "\(Self.bodies(ids.compactMap { project.photos[$0] }))")
    }

    /// The bodies of `photos` and how many photos each, the most first: `NIKON D750 ×20, NIKON Z 6 ×14`.
    static func bodies(_ photos: [Photo]) -> String {
        var counts: [String: Int] = [:]
        for photo in photos {
            let body = (photo.camera ?? "unknown") + (photo.serial.map { " #\($0)" } ?? "")
            counts[body, default: 0] += 1
        }
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let shown = sorted.prefix(6).map { "\($0.key) ×\($0.value)" }
        return shown.joined(separator: ", ") + (sorted.count > 6 ? ", …" : "")
    }

    /// The first and last second a capture time may have: years 1–9999, as EXIF and XMP write them.
    static let earliest = Timestamp(iso: "0001-01-01T00:00:00")?.seconds ?? 0
    static let latest = Timestamp(iso: "9999-12-31T23:59:59")?.seconds ?? 0

    /// True when the photo's camera contains `camera` (any case) and, when given, its serial is `serial`.
    static func taken(_ photo: Photo, by camera: String, serial: String?) -> Bool {
        guard (photo.camera ?? "").containsFolded(camera.trimmingSpaces) else { return false }
        return serial.map { $0.trimmingSpaces == photo.serial } ?? true
    }

    /// `+1h02m13s`, `-30s`, `+2d` as seconds; also `±HH:MM:SS`.
    public static func seconds(_ text: String) -> Int? {
        var rest = Substring(text.trimmingSpaces)
        let sign = rest.first == "-" ? -1 : 1
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 3, parts.allSatisfy({ $0.count <= 9 }), let h = Int(parts[0]), let m = Int(parts[1]),
            let s = Int(parts[2]), m < 60, s < 60
        {
            return sign * (h * 3600 + m * 60 + s)
        }
        var total = 0, number = "", units = Set<Character>()
        for character in rest {
            if character.isASCII && character.isNumber { number.append(character); continue }
            let size: Int
            switch character {
            case "d": size = 86_400
            case "h": size = 3600
            case "m": size = 60
            case "s": size = 1
            default: return nil
            }
            guard let n = Int(number), number.count <= 9, units.insert(character).inserted else { return nil }
            total += n * size
            number = ""
        }
        return number.isEmpty && !units.isEmpty ? sign * total : nil
    }

    /// `+1h02m13s` for seconds.
    public static func duration(_ seconds: Int) -> String {
        let n = abs(seconds)
        var text = seconds < 0 ? "-" : "+"
        if n >= 86_400 { text += "\(n / 86_400)d" }
        if n % 86_400 >= 3600 { text += "\(n % 86_400 / 3600)h" }
        if n % 3600 >= 60 { text += (text.count > 1 ? format2(n % 3600 / 60) : String(n % 3600 / 60)) + "m" }
        if n % 60 > 0 || n == 0 { text += (text.count > 1 ? format2(n % 60) : String(n % 60)) + "s" }
        return text
    }

    private static func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
