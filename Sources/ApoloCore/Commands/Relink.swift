/// The pure half of `relink` (and of an import that finds a moved original): point photos at the paths their
/// originals are at now. Photos are identified by content, so the new file is the same photo.
public struct Relink: Edit, Equatable {
    public static let spec = CommandSpec(
        "relink", "Find moved originals in folders and point their photos at them", kind: .effect)
    public static let examples = [
        Example(
            "relink /archive/2024", Relink(["a": "/archive/2024/a.jpg"].mapKeys(Sketch.id)),
            before: "table: a b | best: c", after: "table: a b | best: c"),
        Example(
            "relink /archive/2024", Relink(["z": "/archive/z.jpg"].mapKeys(Sketch.id)), before: "table: a",
            error: "no photo")
    ]

    /// New absolute path by photo id.
    public let paths: [PhotoID: String]
    /// New absolute path of a RAW+JPEG pair's JPEG, by the photo's id.
    public let pairs: [PhotoID: String]

    public init(_ paths: [PhotoID: String], pairs: [PhotoID: String] = [:]) {
        self.paths = paths
        self.pairs = pairs
    }

    public func apply(to project: inout Project) throws -> Said {
        for (id, path) in paths.sorted(by: { $0.key < $1.key }) {
            guard var photo = project.photos[id] else {
                throw CoreError(.notFound, "no photo \(String(id.prefix(10))) in this project")
            }
            guard path.hasPrefix("/") else { throw CoreError(.invalid, "'\(path)' is not an absolute path") }
            photo.path = path
            photo.file = path.split(separator: "/").last.map(String.init) ?? photo.file
            project.photos[id] = photo
        }
        for (id, path) in pairs.sorted(by: { $0.key < $1.key }) {
            guard var photo = project.photos[id], var pair = photo.pair else {
                throw CoreError(.notFound, "no RAW+JPEG pair \(String(id.prefix(10))) in this project")
            }
            guard path.hasPrefix("/") else { throw CoreError(.invalid, "'\(path)' is not an absolute path") }
            pair.path = path
            pair.file = path.split(separator: "/").last.map(String.init) ?? pair.file
            photo.pair = pair
            project.photos[id] = photo
        }
        let count = Set(paths.keys).union(pairs.keys).count
        return "relinked \(count) photo\(count == 1 ? "" : "s")"
    }
}

extension Dictionary where Key == String {
    /// The same values under keys made by `transform`.
    func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
