extension ProjectCheck {
    /// The rules of people: distinct ids from 1 below `next`, names a person may have and distinct in any case,
    /// face keys apolo makes, each face held once, and within `People`'s bounds.
    static func peopleProblems(_ people: People?) -> [String] {
        guard let people else { return [] }
        var problems: [String] = [], ids = Set<Int>(), names = Set<String>(), faces = Set<String>()
        if people.persons.count > People.mostPersons { problems.append("over \(People.mostPersons) people") }
        if !(1...100_000_000).contains(people.next) { problems.append("people: the next number is out of range") }
        var total = people.ignored?.count ?? 0
        for person in people.persons {
            let who = "person \(person.id)"
            if person.id < 1 || person.id >= people.next || !ids.insert(person.id).inserted {
                problems.append("\(who): its number is used twice, below 1 or not below the next (\(people.next))")
            }
            if let name = person.name {
                do { _ = try PersonName.checked(name) } catch { problems.append("\(who): \(error.message)") }
                if !names.insert(name.foldKey).inserted { problems.append("the name '\(name)' is given twice") }
            }
            total += person.faces.count
            if total > People.mostFaces { return problems + ["people hold over \(People.mostFaces) faces"] }
            for face in person.faces where !FaceKey.isValid(face) || !faces.insert(face).inserted {
                problems.append("\(who): face '\(String(face.prefix(80)).escaped)' is not a face or is held twice")
                break
            }
        }
        if let bad = people.ignored?.first(where: { !FaceKey.isValid($0) }) {
            problems.append("forgotten face '\(String(bad.prefix(80)).escaped)' is not a face")
        }
        return problems
    }
}

/// The rules of a person's name.
public enum PersonName {
    /// The longest name, in characters.
    public static let maxLength = 100

    /// The name, trimmed, or a message saying what is wrong with it (empty, control or invisible characters, too
    /// long, or a number, which would read as another person's).
    public static func checked(_ raw: String) throws(CoreError) -> String {
        let name = raw.trimmingSpaces
        guard !name.isEmpty else { throw CoreError(.invalid, said: Said("person.nameEmpty", [])) }
        if name.hasControlCharacters { throw CoreError(.invalid, said: Said("person.nameControl", "\(name.escaped)")) }
        if let hidden = name.invisibleCharacter {
            throw CoreError(.invalid, said: Said("person.nameInvisible", "\(name.escaped)", "\(hidden)"))
        }
        if Int(name.hasPrefix("#") ? String(name.dropFirst()) : name) != nil {
            throw CoreError(.invalid, said: Said("person.nameNumber", "\(name)"))
        }
        try Names.bounded(name, what: "a person's name")
        return name
    }
}
