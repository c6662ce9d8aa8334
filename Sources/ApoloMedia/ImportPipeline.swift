import ApoloCore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What import did with one file.
public enum ImportOutcome: Sendable {
    /// Read (or found in the cache); `warnings` did not stop it.
    case photo(Photo, warnings: [String], cached: Bool)
    case failed(String)
    /// Not a photo at all (a README, a video).
    case notPhoto(String)
    /// Not reached because the import was interrupted.
    case skipped
}

/// Reads files in parallel (one worker per core, vips concurrency 1 each), streaming: each worker holds one
/// file at a time, so memory does not grow with the number of files. Unchanged files come from the cache
/// without being read, hashed or decoded; thumbnails are made only when missing.
public struct ImportPipeline: Sendable {
    public var cache: (any FactsCache)?
    public var thumbnails: ThumbnailStore?
    public var sidecars = true
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Asked before each file; true stops the import (Ctrl-C).
    public var interrupted: @Sendable () -> Bool = { false }
    /// Called after each file with (done, total).
    public var progress: @Sendable (Int, Int) -> Void = { _, _ in }
    /// Called as soon as a file is done (from the worker), so problems can be reported while the import runs.
    public var finished: @Sendable (String, ImportOutcome) -> Void = { _, _ in }

    public init() {}

    /// One file's outcome, and what to remember in the cache (see `process`).
    typealias Read = (ImportOutcome, (FileIdentity, Photo)?, (PhotoID, [PeerFace])?)

    /// Files read at once: only one part's outcomes wait to be taken (about 840 bytes a file; a whole import of
    /// 200,000 files held them all, 170 MB, before the first was taken).
    static let part = 4096

    /// Reads `files`; `take` gets each file's outcome, in order, as each part of them is done.
    public func run(_ files: [String], take: (String, ImportOutcome) throws -> Void) rethrows {
        thumbnails?.removeStaleTemps()
        for start in stride(from: 0, to: files.count, by: Self.part) {
            let part = files[start..<min(start + Self.part, files.count)]
            let work = ParallelResults<Read, Never>(count: part.count)
            DispatchQueue.concurrentPerform(iterations: max(1, min(workers, part.count))) { _ in
                while let index = work.next() {
                    let file = part[part.startIndex + index]
                    let read = interrupted() ? (ImportOutcome.skipped, nil, nil) : process(file)
                    finished(file, read.0)
                    progress(start + work.set(index, .success(read)), files.count)
                }
            }
            var taken = work.take()
            for (file, outcome) in zip(part, remembered(&taken)) { try take(file, outcome) }
        }
    }

    /// Every file's outcome, in order.
    public func run(_ files: [String]) -> [ImportOutcome] {
        var outcomes: [ImportOutcome] = []
        outcomes.reserveCapacity(files.count)
        run(files) { outcomes.append($1) }
        return outcomes
    }

    /// The outcomes in order, what was read stored in the cache on the way, a few thousand files at a time: the
    /// results are taken, not copied.
    private func remembered(_ taken: inout [Result<Read, Never>?]) -> [ImportOutcome] {
        var outcomes: [ImportOutcome] = [], facts: [(FileIdentity, Photo)] = []
        var faces: [(PhotoID, [PeerFace])] = []
        outcomes.reserveCapacity(taken.count)
        for index in taken.indices {
            guard case .success(let (outcome, fresh, peer)) = taken[index] else { continue }
            taken[index] = nil
            outcomes.append(outcome)
            if let fresh { facts.append(fresh) }
            if let peer { faces.append(peer) }
            if facts.count == 4096 {
                try? cache?.store(facts)
                facts.removeAll(keepingCapacity: true)
            }
        }
        try? cache?.store(facts)
        try? cache?.store(peerFaces: faces)
        return outcomes
    }

    /// The outcome, and what to remember in the cache: the facts read from the file (before any sidecar), and the
    /// face regions other programs named (the sidecar's when it names any, else the file's own; nil: unchanged).
    private func process(_ path: String) -> Read {
        let identity = Self.identity(path)
        var photo: Photo, warnings: [String] = [], cached = false, fresh: (FileIdentity, Photo)?
        var faces: [PeerFace]?
        if let identity, let hit = cache?.lookup(identity) {
            photo = hit
            cached = true
        } else {
            switch PhotoReader.read(path, absolute: identity?.path) {
            case .failure(let failure):
                return (failure.notPhoto ? .notPhoto(failure.reason) : .failed(failure.reason), nil, nil)
            case .success(let file):
                photo = file.photo
                warnings = file.warnings
                faces = file.peerFaces
                fresh = identity.map { ($0, file.photo) }
            }
        }
        if let thumbnails, !thumbnails.has(photo.id) {
            do {
                if try thumbnails.make(from: path, id: photo.id).source == .rawDecode {
                    warnings.append(
                        "this raw has no usable embedded preview; its pictures are decoded from its raw data (slower)")
                }
            } catch { warnings.append("no thumbnail: \(error)") }
        }
        if sidecars, let sidecar = Sidecar.find(for: path) {
            switch Sidecar.read(sidecar) {
            case .success(let facts):
                // the sidecar wins over the file's own packet: its rating (−1: rejected) replaces it; tags add up
                if let rating = facts.rating { photo.rating = rating }
                if facts.rejected || facts.rating != nil { photo.discarded = facts.rejected }
                if let label = facts.label { photo.label = label }
                for (key, value) in facts.meta {
                    if let field = MetaField(rawValue: key) { photo.setMeta(field, value) }
                }
                warnings += facts.cut.map { "sidecar \(sidecar.escaped): " + $0.cutWarning }
                var seen = Set(photo.tags.map(\.foldKey))
                for tag in facts.tags where seen.insert(tag.foldKey).inserted { photo.tags.append(tag) }
                if !facts.faces.isEmpty { faces = facts.faces }
            case .failure(let failure): warnings.append("sidecar \(sidecar.escaped) ignored: \(failure.reason)")
            }
        }
        return (.photo(photo, warnings: warnings, cached: cached), fresh, faces.map { (photo.id, $0) })
    }

    /// Path (absolute), size, modification time and inode of a regular file, or nil when it is none (the reader
    /// then says why).
    public static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(FileNames.bytes(of: path), &info) == 0, POSIX.isRegular(info) else { return nil }
        let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return FileIdentity(
            path: POSIX.absolute(path), size: Int64(info.st_size), mtimeNanos: mtime,
            inode: Int64(info.st_ino))
    }
}
