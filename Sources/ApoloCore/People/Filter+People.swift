/// Filtering by who is in the photo.
extension FilterCriteria {
    /// A count of faces a photo must have: exactly, or at least.
    public enum Faces: Equatable, Sendable {
        case exactly(Int)
        case atLeast(Int)

        /// `5` (exactly five) or `5+` (five or more), 1–999; nil otherwise.
        public init?(_ text: String) {
            let plus = text.hasSuffix("+")
            guard let n = Int(plus ? String(text.dropLast()) : text), (1...999).contains(n) else { return nil }
            self = plus ? .atLeast(n) : .exactly(n)
        }

        func holds(_ count: Int) -> Bool {
            switch self {
            case .exactly(let n): count == n
            case .atLeast(let n): count >= n
            }
        }
    }

    /// Criteria that ask for one person (the examples' form of `--person`).
    public static func of(person: String, scope: Scope) -> FilterCriteria {
        var criteria = FilterCriteria(scope: scope)
        criteria.person = person
        return criteria
    }

    /// True when the filter asks who is in the photo.
    var asksPeople: Bool { person != nil || !withoutPersons.isEmpty }

    /// The criteria with the people named resolved against `people` (throws when a name is no one's).
    func resolvingPeople(_ people: People) throws -> FilterCriteria {
        guard asksPeople else { return self }
        var resolved = self
        resolved.personID = try person.map { try people.resolve($0).id }
        resolved.withoutIDs = Set(try withoutPersons.map { try people.resolve($0).id })
        resolved.peopleInPhoto = people.inPhoto
        return resolved
    }

    /// `--person` (that person is in the photo), `--without` (none of them is) and `--people` (this many faces
    /// found: everyone counts, named or not, grouped or not).
    func matchesPeople(_ photo: Photo) -> Bool {
        if asksPeople {
            let here = peopleInPhoto?[photo.id] ?? []
            if let personID, !here.contains(personID) { return false }
            if !withoutIDs.isDisjoint(with: here) { return false }
        }
        guard let faceCount else { return true }
        guard let faces = analysis?.signals[photo.id]?.faces else { return false }
        return faceCount.holds(faces.count)
    }
}
