/// Filtering by what clients did through the project's shares (`--picked`, `--picked-by NAME`, `--commented`).
extension FilterCriteria {
    /// True when matching needs the reviews of the project's shares.
    public var needsReviews: Bool { picked || pickedBy != nil || commented }

    /// A photo some reviewer hearted (by that name, any case, when `pickedBy`), or commented on; with no reviews
    /// handed over, nothing matches these conditions.
    func matchesReviews(_ photo: Photo) -> Bool {
        guard needsReviews else { return true }
        guard let reviews else { return false }
        let all = reviews.byShare.values.flatMap(\.values)
        if picked, !all.contains(where: { $0.picked(photo.id) }) { return false }
        if let pickedBy {
            let key = ReviewerName.key(ReviewerName.clean(pickedBy) ?? pickedBy)
            let hearted = all.contains { $0.picked(photo.id) && ReviewerName.key($0.name) == key }
            if !hearted { return false }
        }
        return !commented || all.contains { $0.comments[photo.id] != nil }
    }
}

/// An edit that reads the reviews of the project's shares (the engine hands them over before applying).
public protocol NeedsReviews: Edit {
    var needsReviews: Bool { get }
    func with(reviews: Reviews) -> Self
}

extension FilterInto: NeedsReviews {
    public var needsReviews: Bool { criteria.needsReviews }

    public func with(reviews: Reviews) -> FilterInto {
        var edit = self
        edit.criteria.reviews = reviews
        return edit
    }
}
