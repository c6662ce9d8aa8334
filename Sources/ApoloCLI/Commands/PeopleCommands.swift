import ApoloCommands
import ApoloCore
import ApoloEngine
import ArgumentParser

/// `apolo people …`: who is in the photos.
struct PeopleGroupCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people", abstract: "List the people in the photos, and group new faces into people.",
        discussion: prose(
            """
            Every face found gets an identity descriptor (dlib's face-recognition model, offline); faces of one \
            person are grouped into one person, shown by number until you name them (apolo person name 3 Ana). \
            Import and analyze group new faces: they join the people they look like, or form new people from two \
            faces; a face seen once stays loose until it meets another. Faces narrower than \
            \(Grouping.minimumPixels) px are not grouped. Names live in the project; undo takes a grouping back.
            """),
        subcommands: [PeopleListCLI.self, PeopleGroupRun.self], defaultSubcommand: PeopleListCLI.self)
}

struct PeopleListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CommandSpec.peopleList.summary)
    @Flag(help: "Print JSON: [{person, name?, faces, photos, first}].") var json = false

    struct Row: Encodable {
        let person: Int
        let name: String?
        let faces: Int
        let photos: Int
        /// Where the person's first photo is (`table:3`).
        let first: String
    }

    func run() throws {
        let rows = try Runner.read { project in
            project.everyone.persons.map { person in
                let photos = Set(person.faces.compactMap(FaceKey.photo(of:))).filter { project.photos[$0] != nil }
                let first = photos.compactMap { project.locations(of: $0).first }.min {
                    ($0.place.description, $0.position) < ($1.place.description, $1.position)
                }
                return Row(
                    person: person.id, name: person.name, faces: person.faces.count, photos: photos.count,
                    first: first.map { "\($0.place):\($0.position)" } ?? "–")
            }.sorted { ($0.faces, -$0.person) > ($1.faces, -$1.person) }
        }
        if json { return try Output.json(rows) }
        if rows.isEmpty {
            return Output.line("no people yet: faces are grouped by apolo analyze (or apolo people group)")
        }
        Output.table(
            ["PERSON", "NAME", "FACES", "PHOTOS", "FIRST"],
            rows.map { ["\($0.person)", $0.name ?? "", "\($0.faces)", "\($0.photos)", $0.first] }, right: [0, 2, 3])
        let unnamed = rows.filter { $0.name == nil }.count
        Output.line(
            "\(rows.count) \(rows.count == 1 ? "person" : "people")"
                + (unnamed > 0 ? ", \(unnamed) not named yet (apolo person name NUMBER NAME)" : ""))
    }
}

struct PeopleGroupRun: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "group", abstract: PeopleGroup.spec.summary)
    @Flag(help: "Print JSON: {joined, made, loose, faces, people, off?}.") var json = false

    func run() throws {
        let report = try Context.engine.groupPeople().0
        if json { return try Output.json(report) }
        Output.line(report.summary)
    }
}

/// `apolo person …`: name, merge, split and forget people.
struct PersonGroupCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "person", abstract: "Name people, merge two who are one, split faces out, forget someone.",
        subcommands: [
            PersonNameCommand.self, PersonMergeCommand.self, PersonSplitCommand.self, PersonForgetCommand.self
        ])
}
