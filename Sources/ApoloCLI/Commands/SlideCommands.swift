import ApoloCommands
import ApoloCore
import ApoloMedia
import ArgumentParser

/// `apolo slide …`: drag, swap, discard, restore and inspect slides.
struct SlideGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slide", abstract: "Move, swap, discard, restore and show slides.",
        discussion:
            "REF is PLACE:N (table:3, best:1, discarded:2), a photo id prefix (6+ hex digits) or a unique file name.",
        subcommands: [
            SlideMoveCommand.self, SlideSwapCommand.self, SlideDiscardCommand.self, SlideRestoreCommand.self,
            SlideShowCLI.self
        ])
}

struct SlideShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: CommandSpec.slideShow.summary)
    @Argument var ref: String
    @Flag(help: "Print JSON: {photo: {...document fields}, places: [PLACE:N]}.") var json = false
    @Flag(help: "Also write an upright preview and open it (as apolo view).") var open = false

    func run() throws {
        defer { if open { try? Preview.show(ref, size: 2048) } }
        let (detail, analysis) = try Runner.read { try ($0.detail(SlideRef(ref)), Runner.analysis(of: $0)) }
        if json { return try Output.json(detail) }
        let p = detail.photo
        let size = [p.width.flatMap { w in p.height.map { "\(w) × \($0) px" } }, Self.bytes(p.bytes), p.format]
            .compactMap { $0 }
        let lines: [(String, String)] = [
            ("file", p.file), ("path", p.path), ("id", p.id),
            (
                "captured",
                p.captured.map { Output.displayTime($0) + Self.zone($0) }
                    ?? "no EXIF date (file modified \(Output.displayTime(p.modified)) UTC)"
            ),
            ("camera", p.camera ?? "unknown"), ("shot", p.shooting ?? "not recorded"),
            ("size", size.joined(separator: ", ")),
            ("pair", p.pair.map { "\($0.file) (\($0.path))" } ?? "none"),
            (
                "original",
                POSIX.originalProblem(p.path).map { "MISSING: \($0) (apolo relink FOLDER finds a moved original)" }
                    ?? "present"
            ),
            ("orientation", Self.orientation(p.orientation)),
            ("rating", p.rating == 0 ? "unrated" : Stars.text(p.rating)),
            ("tags", p.tags.isEmpty ? "none" : p.tags.joined(separator: ", ")),
            ("places", detail.places.isEmpty ? "none" : detail.places.joined(separator: ", "))
        ]
        let meta = MetaField.allCases.compactMap { field in p.meta(field).map { (field.words, $0) } }
        for (label, value) in lines + Self.judged(p.id, analysis) + meta {
            Output.line((label + ":").padding(13) + (label.count >= 12 ? " " : "") + value)
        }
    }

    /// What apolo judged of the photo: focus, exposure and eyes, each with why; nothing until measured.
    static func judged(_ id: PhotoID, _ analysis: Analysis) -> [(String, String)] {
        guard let focus = analysis.focus(of: id), let signals = analysis.signals[id] else {
            return [("judged", "not measured yet (apolo analyze)")]
        }
        var lines = [("focus", focus.why.text()), ("exposure", signals.exposureLost.map { "lost: \($0)" } ?? "fine")]
        if let faces = analysis.faces(of: id), !faces.isEmpty {
            lines.append(("eyes", faces.map(\.eyes.rawValue).joined(separator: ", ")))
        }
        return lines
    }

    static func bytes(_ n: Int) -> String {
        n >= 1_000_000 ? "\(n / 100_000 / 10).\(n / 100_000 % 10) MB" : n >= 1000 ? "\(n / 1000) kB" : "\(n) bytes"
    }

    static func zone(_ iso: String) -> String {
        let rest = iso.dropFirst(19).drop { $0 != "+" && $0 != "-" && $0 != "Z" }
        return rest.isEmpty ? "" : " " + rest
    }

    static func orientation(_ value: Int) -> String {
        let names = [
            1: "upright", 2: "mirrored", 3: "rotated 180°", 4: "mirrored vertically",
            5: "mirrored, rotated 90° clockwise",
            6: "rotated 90° clockwise", 7: "mirrored, rotated 90° counter-clockwise",
            8: "rotated 90° counter-clockwise"
        ]
        return "\(value) (\(names[value] ?? "unknown"))"
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
