import ApoloCore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What may be in the target folder, and the proof that `--force` touches only apolo's own files.
extension ExportWriter {
    /// Refuses a non-empty folder unless --force and everything there came from apolo; returns the old manifest.
    /// Temp files of an earlier run that was killed (named in its pending note) are removed first.
    func checkTarget(_ target: ExportFolder) throws(ExportError) -> ExportManifest? {
        var finished: [ExportManifest.Entry] = []
        if let note = try target.read(Self.pendingName, limit: 64 << 20) {
            let lines = String(decoding: note, as: UTF8.self).split(separator: "\n").map(String.init)
            if let prefix = lines.first, prefix.hasPrefix(".apolo-tmp-"), prefix.utf8.count == 28 {
                for name in try target.entries() where name.hasPrefix(prefix) { target.remove(name) }
                finished = Self.journalEntries(lines.dropFirst())
            }
        }
        let names = try target.entries().filter { $0 != Self.pendingName }
        let present = Set(names)
        finished = finished.filter { present.contains($0.name) }  // a line is written before its file's rename
        if names.isEmpty {
            target.remove(Self.pendingName)
            return nil
        }
        guard force else {
            throw ExportError.told(Said("export.notEmpty", "\(folder)", Said.count("export.entries", names.count)))
        }
        let bytes = try target.read(ExportManifest.fileName, limit: 64 << 20)
        let earlier =
            bytes.flatMap(ExportManifest.decode)
            ?? (finished.isEmpty ? nil : ExportManifest(project: project, files: []))
        guard var manifest = earlier else {
            throw ExportError.told(Said("export.foreign", "\(folder)", "\(ExportManifest.fileName)"))
        }
        let journaled = Set(finished.map(\.name))
        manifest.files = manifest.files.filter { !journaled.contains($0.name) } + finished
        let ours = Set(
            manifest.files.flatMap {
                [$0.name, $0.name + ".xmp"] + ($0.sidecar == nil ? [] : [Sidecar.stemName(of: $0.name)])
            } + [ExportManifest.fileName, Self.pendingName])
        let foreign = names.filter { !ours.contains($0) }
        if !foreign.isEmpty {
            throw ExportError.refused(
                """
                \(folder) holds \(foreign.count) file(s) apolo did not export (e.g. '\(foreign[0].escaped)'); move \
                them away or choose another --to folder
                """
            )
        }
        return manifest
    }

    /// The journal line of a file about to be renamed into place, and the journal it goes to: written before the
    /// rename, so that after a killed run every file under a final name is one the journal proves apolo's.
    func journal(_ hash: String, _ name: String) -> (line: String, file: String) {
        (Self.journalLine(hash, name), Self.pendingName)
    }

    /// The journal line of a written file: `HASH NAME`, with `\` and a line break in NAME escaped (`\\`, `\n`).
    static func journalLine(_ hash: String, _ name: String) -> String {
        hash + " "
            + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\n",
                with: "\\n") + "\n"
    }

    /// The files a killed run's journal names, each with its sidecar: a sidecar's lines (`HASH NAME.xmp` and
    /// `HASH STEM.xmp`, right after its file's) belong to that file's entry, never stand as files of their own
    /// (they were once taken for earlier files and removed).
    static func journalEntries<Lines: Sequence<String>>(_ lines: Lines) -> [ExportManifest.Entry] {
        var entries: [ExportManifest.Entry] = []
        for line in lines {
            guard let entry = journalEntry(line) else { continue }
            if let last = entries.last,
                entry.name == last.name + ".xmp" || entry.name == Sidecar.stemName(of: last.name)
            {
                entries[entries.count - 1].sidecar = entry.hash
            } else {
                entries.append(entry)
            }
        }
        return entries
    }

    /// A journal line `HASH NAME` of a killed run (the sidecar of NAME is `HASH NAME.xmp`), or nil.
    static func journalEntry(_ line: String) -> ExportManifest.Entry? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let hash = String(line[..<space]), name = unescapeJournal(line[line.index(after: space)...])
        guard Photo.isValidID(hash), (try? FileNames.component(name)) != nil else { return nil }
        return ExportManifest.Entry(sequence: 0, album: "", name: name, original: "", hash: hash, written: hash)
    }

    private static func unescapeJournal(_ text: Substring) -> String {
        var out = "", escaping = false
        for character in text {
            if escaping {
                out.append(character == "n" ? "\n" : character)
            } else if character != "\\" {
                out.append(character)
            }
            escaping = !escaping && character == "\\"
        }
        return out
    }

    /// Every earlier file that this run replaces or removes must still have the bytes apolo wrote (hashed on
    /// every core); otherwise nothing is written.
    func prove(_ old: [ExportManifest.Entry], in target: ExportFolder) throws(ExportError) {
        let checks = old.flatMap { entry in
            [
                (
                    entry.name,
                    entry.written ?? entry.hash
                )
            ]
                + (entry.sidecar.map {
                    [
                        (entry.name + ".xmp", $0),
                        (Sidecar.stemName(of: entry.name), $0)
                    ]
                } ?? [])
        }
        let results = ParallelResults<Bool, ExportError>(count: checks.count)
        DispatchQueue.concurrentPerform(
            iterations: min(
                max(checks.count, 1),
                ProcessInfo.processInfo.activeProcessorCount)
        ) { _ in
            while let i = results.next() {
                do throws(ExportError) {
                    results.set(
                        i,
                        .success(
                            try matches(
                                checks[i].0, checks[i].1,
                                in: target)))
                } catch {
                    results.set(i, .failure(error))
                }
            }
        }
        for (i, result) in results.all.enumerated() {
            guard try result.get() else {
                throw ExportError.refused(
                    """
                    \(folder)/\(checks[i].0.escaped) was changed since apolo exported it, so --force will not replace \
                    it; move it away or choose another --to folder
                    """
                )
            }
            if originals.contains(folder + "/" + checks[i].0) {
                throw ExportError.refused(
                    """
                    \(folder)/\(checks[i].0.escaped) is an original of this project; apolo never replaces originals: \
                    choose another --to folder
                    """
                )
            }
        }
    }

    /// True when the file is absent or its SHA-256 is `hash`.
    private func matches(_ name: String, _ hash: String, in target: ExportFolder) throws(ExportError) -> Bool {
        guard let (fd, _) = try target.openFile(name) else { return true }
        defer { close(fd) }
        let digest = ContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ExportError.io(folder + "/" + name, "cannot read: \(POSIX.errorText.lowercased())") }
            if n == 0 { break }
            buffer.withUnsafeBytes { digest.update(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        return digest.finish() == hash
    }
}
