/// RAW+JPEG pairs among imported photos: files in the same folder with the same base name (any case), one a raw
/// and one a JPEG, become one photo. The raw is the master (its id, facts and file); the JPEG is its `pair`.
public enum Pairing {
    /// Merges each pair of `photos` into its raw, in place, and drops the JPEGs; how many pairs were made. Photos
    /// in no pair are not copied (an import of 200,000 photos would hold two more arrays of them otherwise).
    @discardableResult
    public static func merge<T>(_ items: inout [T], photo: WritableKeyPath<T, Photo>) -> Int {
        var groups: [String: [Int]] = [:]
        for (i, item) in items.enumerated() { groups[key(item[keyPath: photo].path), default: []].append(i) }
        var jpegs = Set<Int>()
        for indices in groups.values where indices.count == 2 {
            let (a, b) = (items[indices[0]][keyPath: photo], items[indices[1]][keyPath: photo])
            guard
                let (raw, jpeg) = a.format == "raw" && b.format == "jpeg"
                    ? (indices[0], indices[1])
                    : b.format == "raw" && a.format == "jpeg" ? (indices[1], indices[0]) : nil
            else { continue }
            items[raw][keyPath: photo] = joined(items[raw][keyPath: photo], items[jpeg][keyPath: photo])
            jpegs.insert(jpeg)
        }
        if !jpegs.isEmpty { items = items.enumerated().filter { !jpegs.contains($0.offset) }.map(\.element) }
        return jpegs.count
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
