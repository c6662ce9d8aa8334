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

    public init() {}

    public func run(_ files: [String]) -> [ImportOutcome] {
        let state = PipelineState(count: files.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, files.count))) { _ in
            while let index = state.next() {
                let (outcome, fresh) = interrupted() ? (ImportOutcome.skipped, nil) : process(files[index])
                progress(state.finish(index, outcome, fresh), files.count)
            }
        }
        if let cache { try? cache.store(state.fresh) }
        return state.outcomes
    }

    /// The outcome, and what to remember in the cache (the facts read from the file, before any sidecar).
    private func process(_ path: String) -> (ImportOutcome, (FileIdentity, Photo)?) {
        let identity = Self.identity(path)
        var photo: Photo, warnings: [String] = [], cached = false, fresh: (FileIdentity, Photo)?
        if let identity, let hit = cache?.lookup(identity) {
            photo = hit
            cached = true
        } else {
            switch PhotoReader.read(path) {
            case .failure(let failure): return (.failed(failure.reason), nil)
            case .success(let file):
                photo = file.photo
                warnings = file.warnings
                fresh = identity.map { ($0, file.photo) }
            }
        }
        if let thumbnails, !thumbnails.has(photo.id) {
            do { try thumbnails.make(from: path, id: photo.id) } catch { warnings.append("no thumbnail: \(error)") }
        }
        if sidecars, let sidecar = Sidecar.find(for: path), let facts = Sidecar.read(sidecar) {
            if let rating = facts.rating { photo.rating = rating }
            photo.discarded = facts.rejected
            for tag in facts.tags where !photo.hasTag(tag) { photo.tags.append(tag) }
        }
        return (.photo(photo, warnings: warnings, cached: cached), fresh)
    }

    /// Path (absolute), size, modification time and inode of a file, or nil when it cannot be stat'ed.
    public static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return FileIdentity(path: POSIX.absolute(path), size: Int64(info.st_size), mtimeNanos: mtime, inode: Int64(info.st_ino))
    }
}

/// The shared, locked part of a pipeline run.
private final class PipelineState: @unchecked Sendable {
    private let lock = NSLock()
    private var cursor = 0
    private var done = 0
    private(set) var outcomes: [ImportOutcome]
    private(set) var fresh: [(FileIdentity, Photo)] = []

    init(count: Int) { outcomes = Array(repeating: .skipped, count: count) }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard cursor < outcomes.count else { return nil }
        cursor += 1
        return cursor - 1
    }

    func finish(_ index: Int, _ outcome: ImportOutcome, _ entry: (FileIdentity, Photo)?) -> Int {
        lock.lock()
        defer { lock.unlock() }
        outcomes[index] = outcome
        if let entry { fresh.append(entry) }
        done += 1
        return done
    }
}
