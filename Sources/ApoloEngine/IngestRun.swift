import ApoloCore
import ApoloMedia
import ApoloStore
#if canImport(Glibc)
    import Glibc
#endif

/// A destination that cannot take more copies (full, read-only, gone): the ingest stops there.
struct DestinationProblem: Error {
    let problem: IngestProblem
}

/// One ingest under way: names each photo from the templates and the sequence counters, copies its files to
/// every destination, verifies each copy read back from the disk, and only then puts them in place and records
/// them. A name already taken by another file is never replaced: the photo gets `-2`, `-3`, … instead.
final class IngestRun {
    let options: IngestOptions
    let roots: [String]
    let folders: NameTemplate
    let names: NameTemplate
    let registry: IngestRegistry
    var report = IngestReport()
    /// True once this run recorded a file (the manifests are written again).
    var recorded = false
    private var seq: Int
    private var dayseq: [String: Int] = [:]
    private var cardseq: [Int: Int] = [:]
    var cleaned: Set<String> = []
    /// Per destination folder, its names lowercased (listed once, then those this run gave), and per name the next
    /// suffix to try: finding a free name stays linear in the card when its names repeat across folders.
    var listings: [String: Set<String>] = [:]
    var nextSuffix: [String: Int] = [:]
    /// The full SHA-256 of card files read for it, and the card files this run copied (or planned) by quick print.
    var sums: [String: String] = [:]
    var taken: [String: [String]] = [:]
    /// Primary copies recorded by earlier ingests of this card's photos: imported when the project lacks them.
    var offered: [String] = []

    init(
        _ options: IngestOptions, roots: [String], folders: NameTemplate, names: NameTemplate,
        registry: IngestRegistry
    ) {
        (self.options, self.roots, self.folders, self.names, self.registry) = (options, roots, folders, names, registry)
        seq = registry.lastSeq(job: options.jobKey)
        report.destinations = roots
        report.dryRun = options.dryRun
    }

    /// Copies one shot, or (dry run) says where it would go. Throws `IngestProblem` for a file of the card,
    /// `DestinationProblem` when a destination fails.
    func copy(_ shot: CardScanner.Shot) throws {
        let (values, again) = try values(shot)
        let copies = options.dryRun ? [] : try write(shot, folder: folders.expand(values))
        defer { for copy in copies { copy.temporaries.forEach(IngestFile.discard) } }
        for attempt in 0..<3 {
            let sizes = options.dryRun ? shot.files.map(\.size) : copies.map(\.size)
            let sum: (Int) -> String? = { copies.isEmpty ? self.sum(shot.files[$0].path) : copies[$0].sha256 }
            let (targets, present) = try free(shot, values: values, sizes: sizes, sum: sum, from: attempt * 1000)
            let existed = present.count == targets.joined().count
            if !options.dryRun {
                guard try place(copies, targets: targets, present: present) else { continue }
                try record(shot, copies: copies, targets: targets, values: values)
            }
            use(targets)
            remember(shot)
            cardseq[shot.source] = values.cardseq
            if !again { (seq, dayseq[values.day]) = (values.seq, values.dayseq) }
            report.photos += 1
            if existed { report.existing += 1 }
            report.files += shot.files.count
            report.bytes += sizes.reduce(0, +)
            for (index, file) in shot.files.enumerated() {
                var placed = IngestReport.Placed(source: file.path, copies: targets.map { $0[index] })
                placed.existed = existed
                report.placed.append(placed)
            }
            return
        }
        throw IngestProblem(
            shot.files[0].path,
            problem: "another program kept taking the names chosen for it; run the ingest again")
    }

    /// The template values of the shot: its main photo's capture facts (from the first bytes only) and numbers.
    private func values(_ shot: CardScanner.Shot) throws -> (NameValues, again: Bool) {
        let chosen =
            shot.files.indices.first { shot.files[$0].kind == .photo(raw: false) }
            ?? shot.files.indices.first { shot.files[$0].kind != .sidecar } ?? 0
        let head = try IngestFile.head(shot.files[chosen].path)
        let name = CardScanner.folderAndName(shot.files[chosen].path).1
        var values = CaptureFacts.values(head.bytes, name: name, modified: head.modified)
        values.job = options.job
        values.cardseq = (cardseq[shot.source] ?? 0) + 1
        let before = shot.photos.lazy.compactMap { self.known($0) }.first { $0.job == self.options.jobKey }
        if let before {  // --again: the same names as the first time, so a lost copy comes back where it was
            (values.seq, values.dayseq) = (before.seq, before.dayseq)
        } else {
            values.seq = seq + 1
            values.dayseq = (dayseq[values.day] ?? registry.lastDayseq(job: options.jobKey, day: values.day)) + 1
        }
        guard values.seq <= IngestRegistry.maxSeq, values.dayseq <= IngestRegistry.maxSeq else {
            throw IngestProblem(
                shot.files[0].path,
                problem: "the job has used its 10,000,000 sequence numbers; "
                    + "ingest it under another --job")
        }
        return (values, before != nil)
    }
}
