import ApoloCommands
import ApoloCore
import ApoloEngine
import ArgumentParser

/// `apolo stack show REF`: a stack as a group shot, each person against each frame.
struct StackShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: CommandSpec.stackShow.summary,
        discussion: prose(
            """
            A row for each person (their name, their number when grouped but not named, else the place of a face \
            in the frame), a column for each frame: their eyes and their face's sharpness, * where both are good \
            (eyes not closed, the face at least \(Int(GroupShot.sharpEnough * 100))% of the sharpest it is in the \
            stack), – where their face was not found. The suggested frame has the most people good; for anyone \
            not good in it, the frame that has them at their best is named, for a head swap in an editor.
            """))
    @Argument(help: "A slide of the stack (table:12, best:3, a file name).") var ref: String
    @Flag(
        help: ArgumentHelp(
            "Print JSON: {frames: [ref], rows: [{person?, name?, cells: [{eyes, sharpness, good}?]}], suggested, "
                + "good, swaps: [{row, from}]}.")) var json = false

    struct Shown: Encodable {
        let frames: [String]
        let rows: [GroupShot.Row]
        let suggested: String
        let good: Int
        let swaps: [Swap]

        struct Swap: Encodable {
            let row: Int
            let from: String
        }
    }

    func run() throws {
        let (shot, refs) = try Runner.read { project -> (GroupShot, [PhotoID: String]) in
            let analysis = Runner.analysis(of: project)
            let id = try project.resolvePhoto(SlideRef(ref))
            guard let stack = analysis.stacks.stackOf[id], let frames = analysis.stacks.members[stack] else {
                throw CoreError(.invalid, "\(ref) is in no stack (apolo stack list lists them)")
            }
            guard let shot = GroupShot.of(frames, signals: analysis.signals, people: project.everyone) else {
                throw CoreError(.invalid, "no face was found in the frames of \(ref)'s stack")
            }
            let refs = Dictionary(
                uniqueKeysWithValues: frames.map { frame in
                    (
                        frame,
                        project.locations(of: frame).first.map { "\($0.place):\($0.position)" }
                            ?? String(frame.prefix(10))
                    )
                })
            return (shot, refs)
        }
        let name = { (id: PhotoID) in refs[id] ?? String(id.prefix(10)) }
        if json {
            return try Output.json(
                Shown(
                    frames: shot.frames.map(name), rows: shot.rows, suggested: name(shot.suggested), good: shot.good,
                    swaps: shot.swaps.map { .init(row: $0.row, from: name($0.from)) }))
        }
        show(shot, name)
    }

    private func show(_ shot: GroupShot, _ name: (PhotoID) -> String) {
        let who = { (r: Int) in
            shot.rows[r].name ?? shot.rows[r].person.map { "person \($0)" } ?? "face \(r + 1)"
        }
        let head = ["WHO"] + shot.frames.map { name($0) + (shot.suggested == $0 ? " (suggested)" : "") }
        Output.table(
            head,
            shot.rows.indices.map { r in
                [who(r)]
                    + shot.rows[r].cells.map { cell in
                        cell.map { "\($0.eyes.rawValue) \(String(format: "%.2f", $0.sharpness))\($0.good ? " *" : "")" }
                            ?? "–"
                    }
            })
        Output.line("suggested: \(name(shot.suggested)) — \(shot.why)")
        for swap in shot.swaps { Output.line("  \(who(swap.row)): at their best in \(name(swap.from))") }
    }
}
