/// RAW+JPEG pairs among imported photos: files in the same folder with the same base name (any case), one a raw
/// and one a JPEG, become one photo. The raw is the master (its id, facts and file); the JPEG is its `pair`.
public enum Pairing {
    /// `photos` with each pair merged into its raw, in the order given; and how many pairs were made.
    public static func pair(_ photos: [Photo]) -> (photos: [Photo], pairs: Int) {
        var groups: [String: [Int]] = [:]
        for (i, photo) in photos.enumerated() { groups[key(photo.path), default: []].append(i) }
        var merged = photos.map { Optional($0) }
        var pairs = 0
        for indices in groups.values where indices.count == 2 {
            let (a, b) = (photos[indices[0]], photos[indices[1]])
            guard
                let (raw, jpeg) = a.format == "raw" && b.format == "jpeg"
                    ? (indices[0], indices[1])
                    : b.format == "raw" && a.format == "jpeg" ? (indices[1], indices[0]) : nil
            else { continue }
            merged[raw] = joined(photos[raw], photos[jpeg])
            merged[jpeg] = nil
            pairs += 1
        }
        return (merged.compactMap { $0 }, pairs)
    }

    /// Folder and lowercased base name.
    static func key(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return String(path.dropLast(name.utf8.count)) + stem.lowercased()
    }

    /// The raw with the JPEG as its pair; what only the JPEG says (a rating, tags, a rejection, facts) is kept.
    static func joined(_ raw: Photo, _ jpeg: Photo) -> Photo {
        var photo = raw
        photo.pair = Pair(id: jpeg.id, file: jpeg.file, path: jpeg.path, bytes: jpeg.bytes)
        if photo.rating == 0 { photo.rating = jpeg.rating }
        photo.discarded = raw.discarded || jpeg.discarded
        for tag in jpeg.tags where !photo.hasTag(tag) { photo.tags.append(tag) }
        photo.captured = raw.captured ?? jpeg.captured
        photo.exposure = raw.exposure ?? jpeg.exposure
        photo.aperture = raw.aperture ?? jpeg.aperture
        photo.iso = raw.iso ?? jpeg.iso
        photo.focal = raw.focal ?? jpeg.focal
        photo.lens = raw.lens ?? jpeg.lens
        return photo
    }
}
