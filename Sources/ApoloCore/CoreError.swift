/// The one error type of ApoloCore: a refused command, with a message that says what was wrong and what to do.
public struct CoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of refusal this is; every kind maps to exit code 1 in the CLI.
    public enum Kind: String, Sendable {
        case notFound, invalid, conflict, locked, ambiguous, empty
    }

    public let kind: Kind
    /// What was wrong and what to do, in the reader's language and terms.
    public let said: Said
    /// The command line's English.
    public var message: String { said.text() }

    public init(_ kind: Kind, _ message: String) { self.init(kind, said: Said(text: message)) }

    public init(_ kind: Kind, said: Said) {
        self.kind = kind
        self.said = said
    }

    public var description: String { message }
}

extension CoreError {
    public static func noPlace(_ name: String, in project: Project) -> CoreError {
        let shelves = project.shelves.map(\.name)
        let albums = project.albums.map(\.name)
        var known = ["table"]
        if !shelves.isEmpty { known.append("shelves: " + shelves.joined(separator: ", ")) }
        if !albums.isEmpty { known.append("albums: " + albums.joined(separator: ", ")) }
        return CoreError(.notFound, "no shelf or album named '\(name)' (places: \(known.joined(separator: "; ")))")
    }

    static func noShelf(_ name: String, in project: Project) -> CoreError {
        if project.album(named: name) != nil {
            return CoreError(.locked, "'\(name)' is an album, not a shelf; reopen it first: apolo album reopen \(name)")
        }
        let names = project.shelves.map(\.name)
        let list =
            names.isEmpty
            ? "there are no shelves yet; create one with: apolo shelf create NAME"
            : "shelves: " + names.joined(separator: ", ")
        return CoreError(.notFound, "no shelf named '\(name)' (\(list))")
    }

    static func noAlbum(_ name: String, in project: Project) -> CoreError {
        let names = project.albums.map(\.name)
        let list =
            names.isEmpty
            ? "there are no albums yet; make one with: apolo album compress SHELF"
            : "albums: " + names.joined(separator: ", ")
        return CoreError(.notFound, "no album named '\(name)' (\(list))")
    }

    static func lockedAlbum(_ name: String) -> CoreError {
        CoreError(.locked, said: Said("error.albumLocked", "\(name)"))
    }
}
