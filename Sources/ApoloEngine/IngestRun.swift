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

    init(_ options: IngestOptions, roots: [String], folders: NameTemplate, names: NameTemplate,
         registry: IngestRegistry) {
        (self.options, self.roots, self.folders, self.names, self.registry) = (options, roots, folders, names, registry)
        seq = registry.lastSeq(job: options.jobKey)
        report.destinations = roots
        report.dryRun = options.dryRun
    }

    /// Copies one shot, or (dry run) says where it would go. Throws `IngestProblem` for a file of the card,
    /// `DestinationProblem` when a destination fails.
    func copy(_ shot: CardScanner.Shot) throws {
        let read = try shot.files.map { file throws(IngestProblem) in try IngestFile.read(file.path) }
        let chosen = shot.files.indices.first { shot.files[$0].kind == .photo(raw: false) }
            ?? shot.files.indices.first { shot.files[$0].kind != .sidecar } ?? 0
        let name = String(shot.files[chosen].path.split(separator: "/").last ?? "")
        var values = CaptureFacts.values(read[chosen].bytes, name: name, modified: read[chosen].modified)
        values.job = options.job
        values.cardseq = (cardseq[shot.source] ?? 0) + 1
        let before = shot.photos.lazy.compactMap { self.registry.known($0.print) }
            .first { $0.job == self.options.jobKey }
        if let before {  // --again: the same names as the first time, so a lost copy comes back where it was
            (values.seq, values.dayseq) = (before.seq, before.dayseq)
        } else {
            values.seq = seq + 1
            values.dayseq = (dayseq[values.day] ?? registry.lastDayseq(job: options.jobKey, day: values.day)) + 1
        }
        let hashes = read.map { ContentHash.of($0.bytes) }
        for attempt in 0..<3 {
            let (targets, present) = try free(shot, values: values, hashes: hashes, from: attempt * 1000)
            let existed = present.count == targets.joined().count
            if !options.dryRun {
                guard try write(shot, read: read, hashes: hashes, targets: targets, present: present) else { continue }
                try record(shot, read: read, hashes: hashes, targets: targets, values: values)
            }
            cardseq[shot.source] = values.cardseq
            if before == nil { (seq, dayseq[values.day]) = (values.seq, values.dayseq) }
            report.photos += 1
            if existed { report.existing += 1 }
            report.files += shot.files.count
            report.bytes += read.reduce(0) { $0 + $1.bytes.count }
            for (index, file) in shot.files.enumerated() {
                var placed = IngestReport.Placed(source: file.path, copies: targets.map { $0[index] })
                placed.existed = existed
                report.placed.append(placed)
            }
            return
        }
        throw DestinationProblem(problem: IngestProblem(shot.files[0].path,
                problem: "another program kept taking the names chosen for it; run the ingest again"))
    }

    /// The first free names (per destination, per file) for the shot, from the `skip`-th suffix on, and those of
    /// them already there, complete (a re-run): each existing file is read once, here.
    private func free(_ shot: CardScanner.Shot, values: NameValues, hashes: [String],
                      from skip: Int) throws -> ([[String]], Set<String>) {
        let folder = folders.expand(values)
        let base = names.expand(values)
        for k in (skip + 1)...(skip + 1000) {
            let stem = k == 1 ? base : "\(base)-\(k)"
            var taken = false, present: Set<String> = []
            let targets = roots.map { root in
                shot.files.map { (root as String) + "/" + (folder.isEmpty ? "" : folder + "/") + stem + $0.ending }
            }
            for (r, _) in roots.enumerated() {
                for (index, path) in targets[r].enumerated() {
                    guard let (_, hash) = IngestFile.sizeAndHash(path) else {
                        if access(path, F_OK) == 0 { taken = true }
                        continue
                    }
                    if hash == hashes[index] { present.insert(path) } else { taken = true }
                }
            }
            if !taken { return (targets, present) }
        }
        throw IngestProblem(shot.files[0].path, problem: "1,000 names for it are taken in the destination")
    }

    /// Writes, verifies and places every copy; false when a name was taken meanwhile (nothing more placed then).
    private func write(_ shot: CardScanner.Shot, read: [(bytes: [UInt8], modified: timespec)], hashes: [String],
                       targets: [[String]], present: Set<String>) throws -> Bool {
        var temporaries: [(String, String)] = []
        defer { for (temporary, _) in temporaries { IngestFile.discard(temporary) } }
        for (r, _) in roots.enumerated() {
            for (index, target) in targets[r].enumerated() where !present.contains(target) {
                let folder = CardScanner.folderAndName(target).0
                try prepare(folder)
                let temporary = try verifiedCopy(read[index], hash: hashes[index], in: folder,
                        source: shot.files[index].path)
                temporaries.append((temporary, target))
            }
        }
        while let (temporary, target) = temporaries.first {
            do {
                guard try IngestFile.place(temporary, at: target) else { return false }
            } catch { throw DestinationProblem(problem: error) }
            temporaries.removeFirst()
        }
        return true
    }
}
