/// The second file of a RAW+JPEG pair: one photo, one slide, one rating; export writes both files.
public struct Pair: Codable, Equatable, Sendable {
    /// The JPEG's content hash (what export checks before copying it).
    public var id: PhotoID
    public var file: String
    public var path: String
    public var bytes: Int

    public init(id: PhotoID, file: String, path: String, bytes: Int) {
        self.id = id
        self.file = file
        self.path = path
        self.bytes = bytes
    }
}
