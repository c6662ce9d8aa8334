/// People in a sketch: `people: 1=a/0,b/0 2:Ana=c/1 ~=d/0 +5` — person 1 holds face 0 of photos a and b, person 2
/// is named Ana and holds face 1 of photo c, face 0 of d is forgotten, and the next person gets 5 (when that is
/// not one past the highest).
extension Sketch {
    static func people(_ tokens: [String]) throws -> People {
        var people = People()
        for token in tokens {
            if token.hasPrefix("+"), let next = Int(token.dropFirst()) {
                people.next = next
                continue
            }
            guard let equals = token.firstIndex(of: "=") else {
                throw CoreError(.invalid, "sketch person '\(token)' has no '='")
            }
            let faces = try token[token.index(after: equals)...].split(separator: ",").map { try face(String($0)) }
            let who = token[..<equals]
            if who == "~" {
                people.ignored = (people.ignored ?? []) + faces
                continue
            }
            let parts = who.split(separator: ":", maxSplits: 1).map(String.init)
            guard let id = Int(parts[0]) else { throw CoreError(.invalid, "sketch person '\(token)' has no number") }
            people.persons.append(Person(id: id, name: parts.count > 1 ? parts[1] : nil, faces: faces))
            people.next = max(people.next, id + 1)
        }
        people.persons.sort { $0.id < $1.id }
        return people
    }

    static func render(_ people: People) -> String {
        var tokens = people.persons.map { person in
            "\(person.id)\(person.name.map { ":" + $0 } ?? "")=" + person.faces.map(faceToken).joined(separator: ",")
        }
        if let ignored = people.ignored, !ignored.isEmpty {
            tokens.append("~=" + ignored.map(faceToken).joined(separator: ","))
        }
        if people.next != (people.persons.map(\.id).max() ?? 0) + 1 { tokens.append("+\(people.next)") }
        return tokens.map { " " + $0 }.joined()
    }

    private static func face(_ token: String) throws -> String {
        let parts = token.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[1]) else {
            throw CoreError(.invalid, "sketch face '\(token)' is not PHOTO/N")
        }
        return FaceKey.of(id(String(parts[0])), index)
    }

    private static func faceToken(_ key: String) -> String {
        guard let photo = FaceKey.photo(of: key), let index = FaceKey.index(of: key) else { return "?" }
        return name(of: photo) + "/\(index)"
    }

    /// The name a sketch id was made from (see `id`).
    static func name(of id: PhotoID) -> String {
        var bytes: [UInt8] = []
        var hex = Substring(id)
        while hex.count >= 2, let byte = UInt8(hex.prefix(2), radix: 16), byte != 0 {
            bytes.append(byte)
            hex = hex.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
