import ApoloCore
import ApoloMedia
import ApoloStore
#if canImport(Glibc)
    import Glibc
#endif

extension IngestRun {
    /// Every file of the shot copied to a temporary file in each destination's `folder`, each read back and matched.
    func write(_ shot: CardScanner.Shot, folder: String) throws -> [IngestFile.Copy] {
        let places = roots.map { $0 + (folder.isEmpty ? "" : "/" + folder) }
        for place in places { try prepare(place) }
        var copies: [IngestFile.Copy] = []
        do {
            for file in shot.files { copies.append(try verifiedCopy(file.path, into: places)) }
        } catch {
            for copy in copies { copy.temporaries.forEach(IngestFile.discard) }
            throw error
        }
        return copies
    }

    /// A card file copied into every folder under a temporary name, each copy read back from the disk: one that
    /// reads back different is copied again once from the card, then refused.
    func verifiedCopy(_ source: String, into places: [String]) throws -> IngestFile.Copy {
        let stem = String(
            NameTemplate.cut(
                Substring(NameTemplate.safe(CardScanner.folderAndName(source).1)),
                bytes: 40))
        var copy = try copied(source, into: places, stem: stem)
        for (index, temporary) in copy.temporaries.enumerated() {
            IngestFaults.apply(to: temporary, source: source, attempt: 1)
            if IngestFile.readBack(temporary) == copy.sha256 { continue }
            IngestFile.discard(temporary)
            let again = try copied(source, into: [places[index]], stem: stem).temporaries[0]
            IngestFaults.apply(to: again, source: source, attempt: 2)
            copy.temporaries[index] = again
            if IngestFile.readBack(again) != copy.sha256 {
                copy.temporaries.forEach(IngestFile.discard)
                throw IngestProblem(
                    source,
                    problem: "its copy in \(places[index]) read back different from the card "
                        + "twice (a failing disk or cable?); it was not kept and not imported")
            }
        }
        return copy
    }

    private func copied(_ source: String, into places: [String], stem: String) throws -> IngestFile.Copy {
        do { return try IngestFile.copy(source, into: places, stem: stem) } catch {
            if error.destination { throw DestinationProblem(problem: error) }
            throw error
        }
    }

    /// Creates a destination folder and, the first time this run writes in it, removes temporary copies a killed
    /// ingest left there.
    func prepare(_ folder: String) throws {
        guard !cleaned.contains(folder) else { return }
        do { try IngestFile.makeFolders(folder) } catch { throw DestinationProblem(problem: error) }
        IngestFile.removeLeftovers(in: folder)
        cleaned.insert(folder)
    }

    /// Gives every verified copy its name; false when a name was taken meanwhile (those given are taken back).
    func place(_ copies: [IngestFile.Copy], targets: [[String]], present: Set<String>) throws -> Bool {
        var done: [(target: String, temporary: String)] = []
        for (index, copy) in copies.enumerated() {
            for (root, temporary) in copy.temporaries.enumerated() where !present.contains(targets[root][index]) {
                let target = targets[root][index]
                let placed: Bool
                do { placed = try IngestFile.place(temporary, at: target) } catch {
                    throw DestinationProblem(problem: error)
                }
                guard placed else {
                    for (target, temporary) in done {
                        rename(FileNames.bytes(of: target), FileNames.bytes(of: temporary))
                    }
                    return false
                }
                done.append((target, temporary))
            }
        }
        return true
    }

    /// Remembers every file of the shot, with all its copies, once every copy is in place.
    func record(
        _ shot: CardScanner.Shot, copies: [IngestFile.Copy], targets: [[String]],
        values: NameValues
    ) throws {
        let now = Timestamp(seconds: Int64(time(nil)), nanos: 0).isoUTC
        let records = shot.files.indices.map { index in
            IngestRecord(
                print: shot.files[index].print, sha256: copies[index].sha256, size: copies[index].size,
                job: options.jobKey, day: values.day, seq: values.seq, dayseq: values.dayseq,
                verified: now, source: shot.files[index].path, copies: targets.map { $0[index] })
        }
        try registry.append(records)
        recorded = true
    }
}
