import ApoloCore
import ApoloMedia
import ApoloStore

extension IngestRun {
    /// True when every photo of the shot is skipped: a duplicate of a photo earlier on this card (said as such, in
    /// a dry run as in the copy), or ingested before. The copies recorded then are offered to the import again.
    func alreadyThere(_ shot: CardScanner.Shot) -> Bool {
        var duplicates: [(String, String)] = [], records: [IngestRecord] = []
        for photo in shot.photos {
            if let first = earlier(photo) {
                duplicates.append((photo.path, first))
            } else if let record = known(photo) {
                records.append(record)
            } else {
                return false
            }
        }
        for (path, first) in duplicates {
            report.skipped.append(.init(path: path, reason: "a duplicate of \(first) on this card"))
            report.duplicates += 1
        }
        if !records.isEmpty {
            report.known += 1
            offered += records.compactMap(\.copies.first)
        }
        return true
    }

    /// The record of a file ingested before with the same bytes: the quick print finds candidates, the whole file's
    /// SHA-256 confirms one (two photos can share their size and their first and last 64 KiB).
    func known(_ file: CardScanner.File) -> IngestRecord? {
        let candidates = registry.records(print: file.print)
        guard !candidates.isEmpty, let sum = sum(file.path) else { return nil }
        return candidates.first { $0.sha256 == sum }
    }

    /// A card file this run copied (or planned) before with the same bytes.
    func earlier(_ file: CardScanner.File) -> String? {
        guard let paths = taken[file.print], let sum = sum(file.path) else { return nil }
        return paths.first { self.sum($0) == sum }
    }

    /// Remembers the shot's photos as copied (or planned) by this run.
    func remember(_ shot: CardScanner.Shot) {
        for photo in shot.photos { taken[photo.print, default: []].append(photo.path) }
    }

    /// The SHA-256 of a whole card file, read in chunks once per run; nil when it cannot be read.
    func sum(_ path: String) -> String? {
        if let known = sums[path] { return known }
        let sum = ContentHash.of(file: path)
        sums[path] = sum
        return sum
    }
}
