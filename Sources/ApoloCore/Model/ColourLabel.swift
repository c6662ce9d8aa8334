/// A colour label, as every peer has them (Lightroom's keys 6–9 set the first four).
public enum ColourLabel: String, Codable, CaseIterable, Sendable {
    case red, yellow, green, blue, purple

    /// The label a word names ("Red", "green"), or nil.
    public init?(word: String) {
        self.init(rawValue: word.trimmingSpaces.lowercased())
    }

    /// Lightroom's word for it in `xmp:Label` ("Red").
    public var word: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// Before colour labels, apolo's page showed tags `label:NAME` as a label: such a tag becomes the label.
    public static let tagPrefix = "label:"
}

extension Project {
    /// Schema 3 made colour labels a field of each photo: a `label:COLOUR` tag of an older document becomes the
    /// photo's label (the first one, when a photo has several) and leaves its tags; other `label:` tags stay tags.
    public mutating func migrateLabelTags() {
        for photo in photos.tagged() where photo.migrated != photo { photos[photo.id] = photo.migrated }
    }
}
