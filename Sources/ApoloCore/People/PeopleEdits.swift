/// `people group`: the faces found that are in no person yet join the people they look like, or form new people
/// (computed by the engine from the measured descriptors; see `Grouping`). Import and analyze run it.
public struct PeopleGroup: Edit, Equatable {
    public static let spec = CommandSpec(
        "people group", "Group the faces found into people: new faces join the people they look like", kind: .effect)
    public static let examples = [
        Example(
            "people group",
            PeopleGroup(
                joins: [FaceKey.of(Sketch.id("c"), 0): 1],
                groups: [
                    [
                        FaceKey.of(Sketch.id("b"), 1), FaceKey.of(Sketch.id("c"), 1)
                    ]
                ]),
            before: "table: a b c | people: 1:Ana=a/0,b/0",
            after: "table: a b c | people: 1:Ana=a/0,b/0,c/0 2=b/1,c/1"),
        Example(
            "people group", PeopleGroup(joins: [FaceKey.of(Sketch.id("b"), 0): 1], groups: []),
            before: "table: a b | people: 1=a/0 ~=b/0", after: "table: a b | people: 1=a/0 ~=b/0"),
        Example(
            "people group",
            PeopleGroup(
                joins: [:], groups: [],
                names: [FaceKey.of(Sketch.id("a"), 0): "Ana", FaceKey.of(Sketch.id("b"), 1): "Luis"]),
            before: "table: a b | people: 1=a/0,b/0", after: "table: a b | people: 1:Ana=a/0,b/0 2:Luis=b/1")
    ]

    /// Faces that join a known person (by id), and groups of faces that become new people.
    public let joins: [String: Int]
    public let groups: [[String]]
    /// Names other programs gave faces (`PeerFace`: Lightroom's People, digiKam): an unnamed person takes the name
    /// most of their faces carry (joining the person already so named, when one is), and a named face in no person
    /// joins the person of that name or becomes one. A name the photographer gave is never changed.
    public let names: [String: String]

    public init(joins: [String: Int], groups: [[String]], names: [String: String] = [:]) {
        (self.joins, self.groups, self.names) = (joins, groups, names)
    }

    /// Faces already held or forgotten, and people gone since the grouping was computed, are left as they are.
    public func apply(to project: inout Project) throws -> Said {
        var people = project.everyone
        let taken = Set(people.personOfFace.keys).union(people.ignored ?? [])
        var joined = 0
        for (key, id) in joins.sorted(by: { $0.key < $1.key }) where FaceKey.isValid(key) && !taken.contains(key) {
            guard let i = people.index(of: id) else { continue }
            people.persons[i].faces.append(key)
            joined += 1
        }
        var made = 0
        for group in groups {
            let faces = group.filter { FaceKey.isValid($0) && !taken.contains($0) && joins[$0] == nil }
            guard faces.count >= 2 else { continue }
            people.persons.append(Person(id: people.next, faces: faces))
            people.next += 1
            made += 1
        }
        if !names.isEmpty { Self.name(&people, names, ignored: Set(people.ignored ?? [])) }
        project.everyone = people
        return Said("people.grouped", "\(joined)", "\(made)")
    }

    /// Applies `names` (see there).
    static func name(_ people: inout People, _ names: [String: String], ignored: Set<String>) {
        let named = names.compactMapValues { try? PersonName.checked($0) }
        let held = people.personOfFace
        for (key, name) in named.sorted(by: { $0.key < $1.key })
        where held[key] == nil && !ignored.contains(key) && FaceKey.isValid(key) {
            if let i = people.persons.firstIndex(where: { $0.name?.foldKey == name.foldKey }) {
                people.persons[i].faces.append(key)
            } else {
                people.persons.append(Person(id: people.next, name: name, faces: [key]))
                people.next += 1
            }
        }
        var gone = Set<Int>()
        for i in people.persons.indices where people.persons[i].name == nil {
            let votes = people.persons[i].faces.compactMap { named[$0] }
            guard let top = Dictionary(grouping: votes, by: \.foldKey).max(by: { $0.value.count < $1.value.count })
            else { continue }
            if let other = people.persons.firstIndex(where: { $0.name?.foldKey == top.key }) {
                people.persons[other].faces += people.persons[i].faces
                gone.insert(people.persons[i].id)
            } else {
                people.persons[i].name = top.value[0]
            }
        }
        people.persons.removeAll { gone.contains($0.id) }
    }
}

/// `person name ID NAME`: give a person a name (or another one).
public struct PersonNameEdit: Edit, Equatable {
    public static let spec = CommandSpec("person name", "Name a person (their number from apolo people)", kind: .edit)
    public static let examples = [
        Example(
            "person name 2 Ana", PersonNameEdit("2", "Ana"), before: "table: a | people: 1=a/0 2=a/1",
            after: "table: a | people: 1=a/0 2:Ana=a/1"),
        Example(
            "person name 1 ana", PersonNameEdit("1", "ana"), before: "table: a | people: 1=a/0 2:Ana=a/1",
            error: "person 2 is already 'Ana': to make them one, apolo person merge 1 2"),
        Example(
            "person name 3 Luis", PersonNameEdit("3", "Luis"), before: "table: a | people: 1=a/0",
            error: "no person is '3'")
    ]

    public let person: String
    public let name: String

    public init(_ person: String, _ name: String) { (self.person, self.name) = (person, name) }

    public func apply(to project: inout Project) throws -> Said {
        var people = project.everyone
        let who = try people.resolve(person)
        let name = try PersonName.checked(self.name)
        if let other = people.persons.first(where: { $0.id != who.id && $0.name?.foldKey == name.foldKey }) {
            throw CoreError(
                .conflict, said: Said("person.nameTaken", .number(other.id), "\(other.name ?? name)", .number(who.id)))
        }
        people.persons[people.index(of: who.id)!].name = name
        project.everyone = people
        return Said("person.named", "\(who.id)", "\(name)")
    }
}

/// `person forget ID...`: take people off; their faces are never grouped again.
public struct PersonForget: Edit, Equatable {
    public static let spec = CommandSpec(
        "person forget", "Forget people (a stranger, a poster): their faces are not grouped again", kind: .edit)
    public static let examples = [
        Example(
            "person forget 2", PersonForget(["2"]), before: "table: a b | people: 1=a/0 2=a/1,b/1",
            after: "table: a b | people: 1=a/0 ~=a/1,b/1 +3")
    ]

    public let persons: [String]

    public init(_ persons: [String]) { self.persons = persons }

    public func apply(to project: inout Project) throws -> Said {
        var people = project.everyone
        let gone = try persons.map { try people.resolve($0) }
        guard !gone.isEmpty else { throw CoreError(.invalid, said: Said("person.forgetNone", [])) }
        let ids = Set(gone.map(\.id))
        people.ignored = (people.ignored ?? []) + gone.flatMap(\.faces)
        people.persons.removeAll { ids.contains($0.id) }
        project.everyone = people
        return Said("person.forgotten", Said(text: gone.map(\.called).joined(separator: ", ")))
    }
}
