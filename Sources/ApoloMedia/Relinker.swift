import ApoloCore
import Foundation

extension FactsCache {
    /// True when the cache knows the file at `path`, as it is now (path, size, modification time, inode), as the
    /// file import read and hashed for photo `id`: then it need not be hashed again. `open`, the stat of a
    /// descriptor already open on it, must match too (so the file checked is the file read).
    public func vouches(for path: String, is id: PhotoID, open: stat? = nil) -> Bool {
        guard let identity = ImportPipeline.identity(path) else { return false }
        if let open {
            let mtime = Int64(open.st_mtim.tv_sec) * 1_000_000_000 + Int64(open.st_mtim.tv_nsec)
            guard identity.inode == Int64(open.st_ino), identity.size == Int64(open.st_size),
                identity.mtimeNanos == mtime
            else { return false }
        }
        return lookup(identity)?.id == id
    }
}

/// Finds moved originals: files under folders whose content is a photo whose original cannot be read. Only files
/// of a missing photo's size are looked at; the cache's identity of a file (path, size, time, inode) saves hashing
/// it again.
public enum Relinker {
    public struct Found: Sendable {
        /// New absolute path by photo id.
        public var paths: [PhotoID: String] = [:]
        public var scanned = 0
        public var hashed = 0
        /// Folders or files that could not be read, with the reason.
        public var failures: [(path: String, reason: String)] = []

        public init() {}
    }

    /// Looks for `missing` (photo id → size in bytes) under `folders`.
    public static func find(_ missing: [PhotoID: Int], in folders: [String], cache: (any FactsCache)?) -> Found {
        let scan = FileScanner.scan(folders)
        var found = Found()
        found.failures = scan.failures
        let sizes = Set(missing.values)
        for file in scan.files {
            found.scanned += 1
            guard let identity = ImportPipeline.identity(file), sizes.contains(Int(identity.size)) else { continue }
            let id: PhotoID
            if let hit = cache?.lookup(identity) {
                id = hit.id
            } else {
                do {
                    id = ContentHash.of(try POSIX.contents(file, limit: PhotoReader.maxBytes))
                    found.hashed += 1
                } catch {
                    found.failures.append((file, error.reason))
                    continue
                }
            }
            if missing[id] != nil, found.paths[id] == nil { found.paths[id] = identity.path }
        }
        return found
    }

    /// The photos of `project` whose original cannot be read now, with their sizes.
    public static func missing(in project: Project) -> [PhotoID: Int] {
        var missing: [PhotoID: Int] = [:]
        for (id, photo) in project.photos where POSIX.regularProblem(photo.path) != nil { missing[id] = photo.bytes }
        return missing
    }

    /// The photos of `project` whose original is there but is not the photo imported: edited since, or a document
    /// that names another file (a key of the user's, say). The cache's identity of an unchanged file (path, size,
    /// time, inode, as import read it) vouches for it; any other file is hashed, on every core.
    public static func changed(in project: Project, cache: (any FactsCache)?) -> [PhotoID] {
        let photos = Array(project.photos.values)
        let results = ParallelResults<Bool, Never>(count: photos.count)
        DispatchQueue.concurrentPerform(
            iterations: max(
                1,
                min(
                    photos.count,
                    ProcessInfo.processInfo.activeProcessorCount))
        ) { _ in
            while let i = results.next() {
                let photo = photos[i]
                if cache?.vouches(for: photo.path, is: photo.id) == true {
                    results.set(i, .success(false))
                    continue
                }
                // a missing or unreadable original is reported apart (nil: not "changed")
                results.set(i, .success(ContentHash.of(file: photo.path).map { $0 != photo.id } ?? false))
            }
        }
        return zip(photos, results.all).compactMap { photo, result in
            if case .success(true) = result { return photo.id }
            return nil
        }.sorted()
    }

    /// The RAW+JPEG pairs whose JPEG cannot be read now: the JPEG's id → the photo's id and the JPEG's size.
    public static func missingPairs(in project: Project) -> [PhotoID: (photo: PhotoID, bytes: Int)] {
        var missing: [PhotoID: (photo: PhotoID, bytes: Int)] = [:]
        for photo in project.photos.paired() {
            if let pair = photo.pair, POSIX.regularProblem(pair.path) != nil {
                missing[pair.id] = (photo.id, pair.bytes)
            }
        }
        return missing
    }
}
