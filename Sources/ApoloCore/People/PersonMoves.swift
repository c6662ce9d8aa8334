/// `person merge FROM... INTO`: people apolo held apart who are one: their faces join the last one named.
public struct PersonMerge: Edit, Equatable {
    public static let spec = CommandSpec(
        "person merge", "Make people one: every face of the others joins the last one named", kind: .edit)
    public static let examples = [
        Example(
            "person merge 3 1", PersonMerge(["3", "1"]), before: "table: a b | people: 1=a/0 2=a/1 3:Ana=b/0",
            after: "table: a b | people: 1:Ana=a/0,b/0 2=a/1 +4"),
        Example(
            "person merge 1 1", PersonMerge(["1", "1"]), before: "table: a | people: 1=a/0",
            error: "name two different people to merge")
    ]

    public let persons: [String]

    public init(_ persons: [String]) { self.persons = persons }

    public func apply(to project: inout Project) throws -> Said {
        var people = project.everyone
        let named = try persons.map { try people.resolve($0) }
        guard let into = named.last, named.contains(where: { $0.id != into.id }) else {
            throw CoreError(.invalid, said: Said("person.mergeSame", []))
        }
        let from = named.dropLast().filter { $0.id != into.id }
        let ids = Set(from.map(\.id))
        let target = people.index(of: into.id)!
        people.persons[target].faces += from.flatMap(\.faces)
        if into.name == nil { people.persons[target].name = from.compactMap(\.name).first }
        people.persons.removeAll { ids.contains($0.id) }
        project.everyone = people
        let kept = people.persons.first { $0.id == into.id }!
        return Said(
            "person.merged", Said(text: from.map(\.called).joined(separator: ", ")),
            Said(text: kept.called))
    }
}

/// `person split ID REF...`: the person's faces in these photos are someone else: they become a new person.
public struct PersonSplit: Edit, Equatable {
    public static let spec = CommandSpec(
        "person split", "Move a person's faces in some photos out, to a new person", kind: .edit)
    public static let examples = [
        Example(
            "person split 1 table:2-3", PersonSplit("1", ["table:2-3"]),
            before: "table: a b c | people: 1=a/0,b/0,c/0",
            after: "table: a b c | people: 1=a/0 2=b/0,c/0"),
        Example(
            "person split 1 table:1", PersonSplit("1", ["table:1"]), before: "table: a b | people: 1=b/0",
            error: "person 1 has no face in a.jpg")
    ]

    public let person: String
    public let refs: [SlideRef]

    public init(_ person: String, _ refs: [String]) {
        self.person = person
        self.refs = refs.map(SlideRef.init)
    }

    public func apply(to project: inout Project) throws -> Said {
        var people = project.everyone
        let who = try people.resolve(person)
        let photos = Set(try project.resolvePhotos(refs))
        let moving = who.faces.filter { FaceKey.photo(of: $0).map(photos.contains) ?? false }
        guard !moving.isEmpty else {
            let files = photos.compactMap { project.photos[$0]?.file }.sorted().prefix(3).joined(separator: ", ")
            throw CoreError(.invalid, said: Said("person.noFace", "\(who.called)", "\(files)"))
        }
        guard moving.count < who.faces.count else {
            throw CoreError(.invalid, said: Said("person.allFaces", "\(who.called)"))
        }
        let i = people.index(of: who.id)!
        people.persons[i].faces.removeAll { moving.contains($0) }
        people.persons.append(Person(id: people.next, faces: moving))
        people.next += 1
        project.everyone = people
        return Said("person.split", "\(moving.count)", Said(text: who.called), "\(people.next - 1)")
    }
}
