/// `label REF... COLOUR|none`: give photos a colour label (red, yellow, green, blue, purple) or take it off.
public struct Label: Edit, Equatable {
    public static let spec = CommandSpec(
        "label", "Give photos a colour label (red, yellow, green, blue, purple), or none to take it off", kind: .edit)
    public static let examples = [
        Example(
            "label table:1-2 red", Label(["table:1-2"], "red"), before: "table: a b c",
            after: "table: a%red b%red c"),
        Example(
            "label best:1 none", Label(["best:1"], "none"), before: "table: | best: a%red",
            after: "table: | best: a"),
        Example("label table:1 Green", Label(["table:1"], "Green"), before: "table: a%red", after: "table: a%green"),
        Example(
            "label table:1 pink", Label(["table:1"], "pink"), before: "table: a",
            error: "a label is red, yellow, green, blue, purple or none, not 'pink'")
    ]

    public let refs: [SlideRef]
    /// The colour's word as given ("none" takes the label off).
    public let colour: String

    public init(_ refs: [String], _ colour: String) {
        self.refs = refs.map(SlideRef.init)
        self.colour = colour
    }

    public func apply(to project: inout Project) throws -> Said {
        let label: ColourLabel?
        if colour.trimmingSpaces.lowercased() == "none" {
            label = nil
        } else {
            guard let named = ColourLabel(word: colour) else {
                let words = ColourLabel.allCases.map(\.rawValue).joined(separator: ", ")
                throw CoreError(.invalid, "a label is \(words) or none, not '\(colour)'")
            }
            label = named
        }
        let ids = try project.resolvePhotos(refs)
        for id in ids { project.photos[id]?.label = label }
        let what = project.said(photos: ids)
        return label.map { Said("label.set", what, Said("colour." + $0.rawValue)) } ?? Said("label.cleared", what)
    }
}

extension Photo {
    /// The photo as schema 3 has it: a `label:COLOUR` tag made its label (see `Project.migrateLabelTags`); older
    /// undo steps are read through this, so that undo works across the migration.
    public var migrated: Photo {
        guard tags.contains(where: { $0.lowercased().hasPrefix(ColourLabel.tagPrefix) }) else { return self }
        var photo = self
        for tag in tags where tag.lowercased().hasPrefix(ColourLabel.tagPrefix) {
            guard let colour = ColourLabel(word: String(tag.dropFirst(ColourLabel.tagPrefix.count))) else { continue }
            if photo.label == nil { photo.label = colour }
            photo.tags.removeAll { $0 == tag }
        }
        return photo
    }
}
