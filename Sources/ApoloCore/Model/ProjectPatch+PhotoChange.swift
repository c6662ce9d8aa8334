extension ProjectPatch {
    /// One photo before and after (nil = absent). Each side is kept on the heap, so that an absent one takes a
    /// pointer, not a photo's room: a step that imports 200,000 photos holds 200,000 changes whose `before` is nil.
    public struct PhotoChange: Codable, Equatable, Sendable {
        public let id: PhotoID
        private let beforeBox: PhotoChanges.Box?
        private let afterBox: PhotoChanges.Box?

        public var before: Photo? { beforeBox?.photo ?? nil }
        public var after: Photo? { afterBox?.photo ?? nil }

        public init(id: PhotoID, before: Photo?, after: Photo?) {
            self.init(id: id, before: before.map(PhotoChanges.Box.init), after: after.map(PhotoChanges.Box.init))
        }

        /// A change holding the boxes it is given (a project's own: an import's photos are not copied again).
        init(id: PhotoID, before: PhotoChanges.Box?, after: PhotoChanges.Box?) {
            (self.id, beforeBox, afterBox) = (id, before, after)
        }

        enum CodingKeys: String, CodingKey { case id, before, after }

        public init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                id: try values.decode(PhotoID.self, forKey: .id),
                before: try values.decodeIfPresent(Photo.self, forKey: .before),
                after: try values.decodeIfPresent(Photo.self, forKey: .after))
        }

        public func encode(to encoder: any Encoder) throws {
            var values = encoder.container(keyedBy: CodingKeys.self)
            try values.encode(id, forKey: .id)
            try values.encodeIfPresent(before, forKey: .before)
            try values.encodeIfPresent(after, forKey: .after)
        }

        public static func == (a: PhotoChange, b: PhotoChange) -> Bool {
            a.id == b.id && a.before == b.before && a.after == b.after
        }
    }
}
