import ApoloCore
import ApoloMedia
import ApoloStore

/// The import's one transaction: new photos added, duplicates sorted out, moved originals and pairs' JPEGs relinked.
extension Engine {
    /// Takes `read` (left empty): the files read are let go once they are in the project, before the step is written
    /// and the document saved (at 200,000 photos they are 80 MB).
    func save(
        _ read: inout [(String, Photo)], into name: String, command: String,
        _ report: inout ImportReport
    ) throws -> Outcome {
        let taken = Taken(read)
        read = []
        let (outcome, sorted) = try transact(name, command: command) { before in
            var project = before
            var sorted = Sorted()
            var read: [(String, Photo)] = []
            swap(&read, &taken.read)
            project.photos.reserve(read.count)
            // only pairs are decoded (the index flags them): a 50,000-photo project is not read in full
            let pairOwners = Dictionary(
                project.photos.paired().compactMap { photo in
                    photo.pair.map {
                        (
                            $0.id,
                            photo.id
                        )
                    }
                },
                uniquingKeysWith: { a, _ in a })
            for (path, photo) in read {
                if let owner = pairOwners[photo.id], let pair = project.photos[owner]?.pair {
                    // the JPEG of a known RAW+JPEG pair, alone: a duplicate, and where the pair's JPEG is now
                    sorted.duplicates.append(path)
                    if pair.path != photo.path, POSIX.originalProblem(pair.path) != nil {
                        sorted.pairs[owner] = photo.path
                    }
                    continue
                }
                if let known = project.photos[photo.id] {
                    sorted.duplicates.append(path)
                    if known.path != photo.path, POSIX.originalProblem(known.path) != nil {
                        sorted.paths[photo.id] = photo.path
                    }
                    if let old = known.pair, let new = photo.pair, old.id == new.id, old.path != new.path,
                        POSIX.originalProblem(old.path) != nil
                    {
                        sorted.pairs[photo.id] = new.path
                    }
                } else {
                    sorted.imported.append(path)
                }
                _ = try AddPhotos([photo]).apply(to: &project)
            }
            if !sorted.relinked.isEmpty { _ = try Relink(sorted.paths, pairs: sorted.pairs).apply(to: &project) }
            let imported = Said.count("imported", sorted.imported.count)
            let summary =
                sorted.relinked.isEmpty
                ? imported
                : Said("imported.relinked", imported, .number(sorted.relinked.count))
            return (project, summary, sorted)
        }
        (report.imported, report.duplicates, report.relinked) = (sorted.imported, sorted.duplicates, sorted.relinked)
        return outcome
    }

    /// The files read, handed to the transaction once.
    final class Taken {
        var read: [(String, Photo)]
        init(_ read: [(String, Photo)]) { self.read = read }
    }

    /// What an import did with each file it read.
    struct Sorted {
        var imported: [String] = [], duplicates: [String] = []
        /// New paths of moved originals, and of moved JPEGs of pairs, by photo id.
        var paths: [PhotoID: String] = [:], pairs: [PhotoID: String] = [:]
        /// Every new path, sorted.
        var relinked: [String] { (Array(paths.values) + Array(pairs.values)).sorted() }
    }
}
