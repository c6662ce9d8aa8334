/// The pure half of `import`: add photos read from files; a photo whose content is already in the project is a
/// duplicate.
public struct AddPhotos: Edit, Equatable {
    public static let spec = CommandSpec(
        "import", "Import photo files and folders (recursively) onto the table",
        kind: .effect)
    public static let examples = [
        Example(
            "import b.jpg", AddPhotos([Sketch.photo("b", index: 1)]), before: "table: a c | best: x",
            after: "table: a b c | best: x"),
        Example("import a.jpg", AddPhotos([Sketch.photo("a")]), before: "table: | best: a", after: "table: | best: a")
    ]

    public let photos: [Photo]

    public init(_ photos: [Photo]) { self.photos = photos }

    public func apply(to project: inout Project) throws -> Said {
        var added = 0
        for photo in photos where project.photos[photo.id] == nil {
            project.photos[photo.id] = photo
            added += 1
        }
        let duplicates = photos.count - added
        let already = duplicates > 0 ? " (\(duplicates) already in the project)" : ""
        return "added \(added) photo\(added == 1 ? "" : "s")\(already)"
    }
}
