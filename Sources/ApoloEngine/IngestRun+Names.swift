import ApoloCore
import ApoloMedia
import ApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

extension IngestRun {
    /// The first free names (per destination, per file) for the shot, from the `skip`-th suffix on (and after those
    /// this run already gave that name and endings), and those of them already there with the same bytes (a
    /// re-run). A name the folder holds in any case is taken (`IMG_1.JPG` takes `img_1.jpg`: a card's case clash,
    /// or a destination that ignores case); only a taken name of the same size is read, to tell a complete earlier
    /// copy from another file.
    func free(
        _ shot: CardScanner.Shot, values: NameValues, sizes: [Int], sum: (Int) -> String?,
        from skip: Int
    ) throws -> ([[String]], Set<String>) {
        let folder = folders.expand(values)
        let base = names.expand(values)
        let places = roots.map { $0 + (folder.isEmpty ? "" : "/" + folder) }
        let key = ([folder + "/" + base] + shot.files.map(\.ending)).joined(separator: "\t").lowercased()
        let first = max(skip + 1, nextSuffix[key] ?? 1)
        for k in first..<(first + 1000) {
            let suffix = k == 1 ? "" : "-\(k)"
            let fileNames = shot.files.map { NameTemplate.fileName(base, suffix: suffix, ending: $0.ending) }
            var taken = false, present: Set<String> = []
            for place in places {
                for (index, name) in fileNames.enumerated() where listing(place).contains(name.lowercased()) {
                    let path = place + "/" + name
                    if holds(path, size: sizes[index], sum: { sum(index) }) {
                        present.insert(path)
                    } else {
                        taken = true
                    }
                }
            }
            if !taken {
                nextSuffix[key] = k + 1
                return (places.map { place in fileNames.map { place + "/" + $0 } }, present)
            }
        }
        throw IngestProblem(shot.files[0].path, problem: "1,000 names for it are taken in the destination")
    }

    /// Counts the names as given in their folders (a dry run's plan too, so two photos are never planned to one).
    func use(_ targets: [[String]]) {
        for path in targets.joined() {
            let (folder, name) = CardScanner.folderAndName(path)
            listings[folder, default: []].insert(name.lowercased())
        }
    }

    /// The names in a destination folder, lowercased: listed from the disk the first time.
    private func listing(_ folder: String) -> Set<String> {
        if let names = listings[folder] { return names }
        let names = Set((System.entries(atPath: folder) ?? []).map { $0.lowercased() })
        listings[folder] = names
        return names
    }

    /// True when `path` is a file of `size` bytes whose SHA-256 is the card file's (read only when the sizes match).
    private func holds(_ path: String, size: Int, sum: () -> String?) -> Bool {
        var info = stat()
        guard lstat(FileNames.bytes(of: path), &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == size,
            let expected = sum(), let (_, hash) = IngestFile.sizeAndHash(path)
        else { return false }
        return hash == expected
    }
}
