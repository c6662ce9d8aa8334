import ApoloCore
import ApoloMedia
import ApoloStore
#if canImport(Glibc)
import Glibc
#endif

extension IngestRun {
    /// A copy in `folder` under a temporary name whose bytes, read back from the disk, have `hash`; written again
    /// once when they do not.
    func verifiedCopy(_ file: (bytes: [UInt8], modified: timespec), hash: String, in folder: String,
                              source: String) throws -> String {
        let stem = String(CardScanner.folderAndName(source).1.prefix(40))
        for attempt in 1...2 {
            let temporary: String
            do {
                temporary = try IngestFile.writeTemporary(file.bytes, in: folder, named: stem, modified: file.modified)
            } catch { throw DestinationProblem(problem: error) }
            IngestFaults.apply(to: temporary, source: source, attempt: attempt)
            if IngestFile.readBack(temporary) == hash { return temporary }
            IngestFile.discard(temporary)
        }
        throw IngestProblem(source, problem: "its copy in \(folder) read back different from the card twice "
            + "(a failing disk or cable?); it was not kept and not imported")
    }

    /// Creates a destination folder and, the first time this run writes in it, removes temporary copies a killed
    /// ingest left there.
    func prepare(_ folder: String) throws {
        guard !cleaned.contains(folder) else { return }
        do { try IngestFile.makeFolders(folder) } catch { throw DestinationProblem(problem: error) }
        IngestFile.removeLeftovers(in: folder)
        cleaned.insert(folder)
    }

    /// Remembers every file of the shot, with all its copies, once every copy is in place.
    func record(_ shot: CardScanner.Shot, read: [(bytes: [UInt8], modified: timespec)], hashes: [String],
                        targets: [[String]], values: NameValues) throws {
        let now = Timestamp(seconds: Int64(time(nil)), nanos: 0).isoUTC
        let records = shot.files.indices.map { index in
            IngestRecord(print: CardScanner.quickPrint(read[index].bytes), sha256: hashes[index],
                         size: read[index].bytes.count, job: options.jobKey, day: values.day, seq: values.seq,
                         dayseq: values.dayseq, verified: now, source: shot.files[index].path,
                         copies: targets.map { $0[index] })
        }
        try registry.append(records)
        recorded = true
    }
}
