import ApoloCore
import CApoloSystem
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Why an export stopped; nothing under a final name is left half-written.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case refused(String)
    /// A refusal as a message of the catalogue (said in the page's language and words).
    case told(Said)
    case originalsMissing([String])
    case io(String, String)

    public var description: String {
        switch self {
        case .refused(let message): return message
        case .told(let said): return said.description
        case .originalsMissing(let list):
            let shown = list.prefix(5).joined(separator: "; ")
            return
                """
                \(list.count) original\(list.count == 1 ? " is" : "s are") missing or unreadable \
                (\(shown)\(list.count > 5 ? "; …" : "")); nothing was exported \
                (moved? apolo relink FOLDER finds them again)
                """
        case .io(let path, let problem): return "\(path.escaped): \(problem)"
        }
    }
}

/// One item's outcome: its manifest entry, or why it could not be written, and warnings.
struct ItemResult: Sendable {
    var entry: ExportManifest.Entry?
    var failure: ExportManifest.Failure?
    var warnings: [String] = []
}

extension ExportWriter {
    /// Byte copies one after another (disk-bound); resized copies with one worker per core. A photo libvips
    /// cannot decode is a failure of that photo only; an I/O error (a full disk) stops the export, after a
    /// manifest of what is there: what this run wrote, and the earlier export's files (`old`) it did not replace.
    func writeAll(
        _ items: [ExportItem], into target: ExportFolder, prefix: String,
        keeping old: [ExportManifest.Entry]
    ) throws(ExportError) -> [ItemResult] {
        let results = ParallelResults<ItemResult, ExportError>(count: items.count)
        let stop = Locked(false)
        let workers = maxSize == nil ? 1 : min(max(items.count, 1), ProcessInfo.processInfo.activeProcessorCount)
        let tally = Locked(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while !stop.value, let i = results.next() {
                do throws(ExportError) {
                    results.set(i, .success(try write(items[i], into: target, prefix: prefix)))
                    progress?(
                        tally.withLock {
                            $0 += 1; return $0
                        }, items.count)
                } catch {
                    results.set(i, .failure(error))
                    stop.withLock { $0 = true }
                }
            }
        }
        var done: [ItemResult] = [], failure: ExportError?
        for result in results.all {
            switch result {
            case .success(let item): done.append(item)
            case .failure(let error): failure = failure ?? error
            }
        }
        if let failure {
            let written = done.compactMap(\.entry), replaced = Set(written.map(\.name))
            let manifest = ExportManifest(project: project, files: written + old.filter { !replaced.contains($0.name) })
            try? writeManifest(manifest, into: target, temp: prefix + "manifest")
            throw failure
        }
        return done
    }

    /// Writes one item (byte copy or resized) and its sidecar.
    private func write(
        _ item: ExportItem, into target: ExportFolder,
        prefix: String
    ) throws(ExportError) -> ItemResult {
        var entry = ExportManifest.Entry(
            sequence: item.sequence, album: item.album, name: item.name,
            original: item.original, hash: item.id)
        var result = ItemResult()
        let temp = prefix + String(item.sequence)
        if let maxSize {
            let ext = item.name.split(separator: ".").last.map { $0.lowercased() } ?? "jpg"
            var options =
                ["jpg", "jpeg", "webp"].contains(ext)
                ? ["Q=\(quality)"]
                : [
                    "tif",
                    "tiff"
                ].contains(ext) ? ["compression=deflate"] : []
            if strip { options.append("strip") }
            let rendered: Vips.Rendered
            let suffix = "." + ext + (options.isEmpty ? "" : "[" + options.joined(separator: ",") + "]")
            if cache?.vouches(for: item.original, is: item.id) != true,
                let other = ContentHash.of(file: item.original), other != item.id
            {
                return ItemResult(failure: notThePhoto(item))
            }
            do { rendered = try Vips.render(item.original, size: maxSize, suffix: suffix) } catch {
                return ItemResult(
                    failure: ExportManifest.Failure(
                        original: item.original,
                        reason: "cannot resize: \(error)"))
            }
            let (standard, extended) = packets(item)
            let bytes =
                embedding(item) && ["jpg", "jpeg"].contains(ext) && !strip
                ? JPEGMetadata.embed(rendered.bytes, xmp: standard, extended: extended, iim: iim(item))
                    ?? rendered.bytes
                : rendered.bytes
            let written = ContentHash.of(bytes)
            try target.write(bytes, to: item.name, temp: temp, journal: journal(written, item.name))
            entry.written = written
            switch rendered.source {
            case .rawPreview:
                result.warnings.append(
                    "\(item.name.escaped): a raw, resized from its embedded preview (not a full decode)")
            case .rawDecode:
                result.warnings.append(
                    "\(item.name.escaped): a raw without a preview, resized from a half-size LibRaw decode")
            case .file: break
            }
        } else if embedding(item), let written = try embeddedCopy(item, into: target, temp: temp) {
            guard let written else { return ItemResult(failure: notThePhoto(item)) }
            entry.written = written
        } else if try !copyBytes(item, into: target, temp: temp) {
            return ItemResult(failure: notThePhoto(item))
        }
        if sidecars && !(oneSidecar && entry.written != nil && embedding(item)) {
            let xml = packet(item)
            entry.sidecar = ContentHash.of(xml)
            let names =
                oneSidecar
                ? [Sidecar.stemName(of: item.name)]
                : [item.name + ".xmp", Sidecar.stemName(of: item.name)]
            for name in names {
                try target.write(xml, to: name, temp: temp + "-xmp", journal: journal(entry.sidecar ?? "", name))
            }
        }
        result.entry = entry
        return result
    }

    /// Why an original is not exported: its bytes are not the photo's (edited after import, or a document that
    /// names another file, such as a key of the user's).
    private func notThePhoto(_ item: ExportItem) -> ExportManifest.Failure {
        ExportManifest.Failure(
            original: item.original,
            reason: "its content is not the photo apolo imported (its SHA-256 is not "
                + "\(item.id.prefix(12))…): it changed after import, or the document names another file; "
                + "not exported "
                + "(apolo project check lists such originals; import the file again to export what it holds now)")
    }

    /// A byte-identical copy keeping the original's modification time, renamed into place only when what was
    /// written hashes to the photo's id (false, and nothing left, otherwise). In the kernel (copy_file_range, then
    /// the copy is hashed from the page cache) when possible, else by hand, hashing as it goes. Only a regular file
    /// is read, and never past its size.
    private func copyBytes(_ item: ExportItem, into target: ExportFolder, temp: String) throws(ExportError) -> Bool {
        let (source, size) = try openOriginal(item)
        defer { close(source) }
        let file = try target.create(temp)
        var open = true, done = false
        defer {
            if open { close(file) }
            if !done { target.remove(temp) }
        }
        var info = stat()
        fstat(source, &info)
        let hash: String
        if cache?.vouches(for: item.original, is: item.id, open: info) == true,
            Self.kernelCopy(from: source, to: file, size: Int(size))
        {
            hash = item.id  // the very file import hashed, unchanged since (the cache's identity of it)
        } else if lseek(file, 0, SEEK_SET) == 0, ftruncate(file, 0) == 0, lseek(source, 0, SEEK_SET) == 0,
            Self.kernelCopy(
                from: source, to: file,
                size: Int(size)), let copied = ContentHash.of(fd: file, size: Int(size))
        {
            hash = copied
        } else {
            lseek(source, 0, SEEK_SET)
            ftruncate(file, 0)
            lseek(file, 0, SEEK_SET)
            hash = try hashedCopy(from: source, to: file, size: Int(size), item)
        }
        guard hash == item.id else { return false }
        var times = [info.st_atim, info.st_mtim]
        futimens(file, &times)
        close(file)
        open = false
        try target.place(temp, as: item.name, journal: journal(item.id, item.name))
        done = true
        return true
    }
}

extension ExportError: ApoloFailure {
    public var failure: FailureKind {
        switch self {
        case .refused, .told, .originalsMissing: .refused
        case .io(_, let problem): .storage(problem)
        }
    }

    public var message: String { description }

    public var said: Said {
        if case .told(let said) = self { return said }
        return Said(text: description)
    }
}

extension MediaError: ApoloFailure {
    public var failure: FailureKind {
        if case .cache(let problem) = self { return .storage(problem) }
        return .refused
    }

    public var message: String { description }
}
