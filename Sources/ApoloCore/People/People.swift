/// A person: faces the photographer (or apolo's grouping) holds to be one person, named or not yet.
public struct Person: Codable, Equatable, Sendable {
    /// The number the user names the person by (`person name 3 Ana`); never given to another person.
    public var id: Int
    /// The name the photographer gave (nil until named).
    public var name: String?
    /// The person's faces, as `FaceKey`s, in the order they joined.
    public var faces: [String]

    public init(id: Int, name: String? = nil, faces: [String]) {
        (self.id, self.name, self.faces) = (id, name, faces)
    }
}

extension Person {
    /// What messages call the person: their name, else "person N".
    public var called: String { name ?? "person \(id)" }

    /// The person's largest face measured (among the photos `within`, when given): its photo and the face.
    public func largestFace(_ signals: [PhotoID: Signals], within: Set<PhotoID>? = nil) -> (photo: PhotoID, face: Face)?
    {
        var best: (photo: PhotoID, face: Face)?
        for key in faces {
            guard let photo = FaceKey.photo(of: key), within?.contains(photo) ?? true, let i = FaceKey.index(of: key),
                let measured = signals[photo]?.faces, i < measured.count, measured[i].box.count == 4
            else { continue }
            if measured[i].pixels > best?.face.pixels ?? -1 { best = (photo, measured[i]) }
        }
        return best
    }
}

/// The people of a project: who is in which photo. Which faces were found, and what each looks like (its identity
/// descriptor), is derived data in the cache; who they are is the photographer's and lives in the document.
public struct People: Codable, Equatable, Sendable {
    /// By id, ascending.
    public var persons: [Person] = []
    /// Faces the photographer told apolo to forget (`person forget`): never grouped again.
    public var ignored: [String]?
    /// The id the next person gets (ids are not reused: a script's `person 7` never names someone else).
    public var next = 1

    public init(persons: [Person] = [], ignored: [String]? = nil, next: Int = 1) {
        (self.persons, self.ignored, self.next) = (persons, ignored, next)
    }

    /// The most people a project holds, faces in all (a bound on a document from outside).
    public static let mostPersons = 200_000, mostFaces = 2_000_000

    public var isEmpty: Bool { persons.isEmpty && (ignored ?? []).isEmpty }

    /// The index of the person with this id.
    public func index(of id: Int) -> Int? { persons.firstIndex { $0.id == id } }

    /// Which person holds each face.
    public var personOfFace: [String: Int] {
        var found: [String: Int] = [:]
        for person in persons { for face in person.faces { found[face] = person.id } }
        return found
    }

    /// The name of each face whose person is named.
    public var namedFaces: [String: String] {
        var found: [String: String] = [:]
        for person in persons { if let name = person.name { for face in person.faces { found[face] = name } } }
        return found
    }

    /// The people in each photo (by id).
    public var inPhoto: [PhotoID: Set<Int>] {
        var found: [PhotoID: Set<Int>] = [:]
        for person in persons {
            for face in person.faces {
                if let photo = FaceKey.photo(of: face) { found[photo, default: []].insert(person.id) }
            }
        }
        return found
    }

    /// The person a word names: their number, or their name in any case; throws a message listing the people.
    public func resolve(_ word: String) throws -> Person {
        let trimmed = word.trimmingSpaces
        if let id = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed),
            let i = index(of: id)
        {
            return persons[i]
        }
        let key = trimmed.foldKey
        if let named = persons.first(where: { $0.name?.foldKey == key }) { return named }
        let names = persons.compactMap(\.name)
        let hint = Names.closest(to: trimmed, among: names).map { Said("person.didYouMean", "\($0)") } ?? ""
        let list = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", …" : "")
        let known = names.isEmpty ? Said("person.nobodyNamed", []) : Said("person.namedList", "\(list)")
        throw CoreError(.notFound, said: Said("person.unknown", "\(trimmed.escaped)", known, hint))
    }
}

/// A face's key in the document: its photo's id, `#`, and its place in the photo's faces as measured
/// (`Signals.faces`). A key whose photo or face is gone is kept and ignored (faces are measured again when the
/// measures change: a person then keeps the faces still there).
public enum FaceKey {
    public static func of(_ photo: PhotoID, _ index: Int) -> String { photo + "#" + String(index) }

    /// The photo of a key, or nil when it is not a key.
    public static func photo(of key: String) -> PhotoID? {
        guard let hash = key.firstIndex(of: "#") else { return nil }
        let photo = String(key[..<hash])
        return Photo.isValidID(photo) ? photo : nil
    }

    /// The face's place in its photo's faces, or nil.
    public static func index(of key: String) -> Int? {
        guard let hash = key.firstIndex(of: "#"), let n = Int(key[key.index(after: hash)...]), (0..<64).contains(n)
        else { return nil }
        return n
    }

    /// True for a key apolo makes: a photo id, `#`, 0–63.
    public static func isValid(_ key: String) -> Bool {
        key.utf8.count <= 67 && photo(of: key) != nil && index(of: key) != nil
    }
}

extension Project {
    /// The project's people (empty when none).
    public var everyone: People {
        get { people ?? People() }
        set { people = newValue.isEmpty && newValue.next == 1 ? nil : newValue }
    }
}
