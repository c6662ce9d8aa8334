import ApoloCore
import ArgumentParser

/// `apolo time shift (--camera MODEL [--serial S] | REF) ±DURATION`.
public struct TimeShiftCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "shift", abstract: TimeShift.spec.summary,
        discussion: prose(
            """
            DURATION: +1h02m13s, -30s, +2d, or ±HH:MM:SS. --camera matches any part of the camera's name (any case);
            --serial picks one body of a model. The originals are never changed: the project's capture times (and
            so the table's order) are, and sidecars and exported copies carry the corrected time.
            \(Registry.examplesText(TimeShift.self))
            """))
    @Option(help: "The camera whose clock was wrong (any part of its make and model).") var camera: String?
    @Option(help: "Only the body with this serial number.") var serial: String?
    @Flag(help: "Move photos already moved by exactly this much once more (refused without it).") var again = false
    @Argument(help: ArgumentHelp("The photos (instead of --camera), then the duration.", valueName: "[REF] DURATION"))
    var words: [String]

    public init() {}

    public func validate() throws {
        guard let last = words.last, TimeShift.seconds(last) != nil else {
            throw ValidationError("end with the duration, e.g. +1h02m13s, -30s or -01:00:00")
        }
        if camera == nil && words.count < 2 { throw ValidationError("name the camera (--camera MODEL) or the photos") }
        if camera != nil && words.count > 1 { throw ValidationError("give either --camera or photos, not both") }
        if serial != nil && camera == nil { throw ValidationError("--serial goes with --camera") }
    }

    /// The words of a command line with `--` put before a negative duration (`time shift --camera X -1h`), which
    /// the parser would otherwise read as options.
    public static func protectingDurations(_ words: [String]) -> [String] {
        guard words.count > 2, words[0] == "time", words[1] == "shift", !words.contains("--"),
            let at = words.lastIndex(where: { $0.hasPrefix("-") && $0.dropFirst().first?.isNumber == true }),
            TimeShift.seconds(words[at]) != nil
        else { return words }
        return Array(words[..<at]) + ["--"] + Array(words[at...])
    }

    public func edit() throws -> any Edit {
        let seconds = TimeShift.seconds(words.last ?? "") ?? 0
        if camera != nil { return TimeShift(camera: camera, serial: serial, seconds: seconds, again: again) }
        return TimeShift(ref: words.dropLast().joined(separator: ","), seconds: seconds, again: again)
    }
}

/// `apolo time match REF --to REF`.
public struct TimeMatchCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "match", abstract: TimeMatch.spec.summary,
        discussion: "Photograph one moment with both cameras (a clap, a clock), then: apolo time match "
            + "DSC_0001.JPG --to IMG_0001.JPG. Every photo of the first photo's camera (model and serial) moves.")
    @Argument(help: "A photo of the camera whose clock was wrong.") var ref: String
    @Option(help: "A photo of the same moment by the camera whose clock is right.") var to: String

    public init() {}

    public func edit() throws -> any Edit { TimeMatch(ref, to: to) }
}
