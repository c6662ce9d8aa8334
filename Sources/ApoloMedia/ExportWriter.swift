import ApoloCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an export did (or, with --dry-run, would do).
public struct ExportReport: Codable, Sendable {
    public var folder: String
    public var files: [ExportManifest.Entry]
    public var replaced: Int
    public var removed: Int
    public var warnings: [String]
    public var dryRun: Bool
}

/// Copies planned items byte for byte into `DIR/PROJECT/`; originals are only ever opened read-only.
///
/// Each copy is written to a temp name in the target folder and renamed into place, so no half-written
/// file ever carries a final name. The copy keeps the original's modification time.
public struct ExportWriter: Sendable {
    public let folder: String
    public let force: Bool
    /// Resize to at most this many pixels on the longer side (libvips) instead of copying bytes.
    public var maxSize: Int?
    /// JPEG/WebP quality of resized copies.
    public var quality = 90
    /// Drop metadata (EXIF, XMP, ICC) from resized copies.
    public var strip = false
    /// Write `NAME.xmp` (rating, tags) next to each exported file.
    public var sidecars = false

    public init(into parent: String, project: String, force: Bool) {
        let base = parent.count > 1 && parent.hasSuffix("/") ? String(parent.dropLast()) : parent
        self.folder = base + "/" + project
        self.force = force
    }

    /// Checks the target and the originals, then copies (unless `dryRun`) and writes the manifest.
    public func run(_ items: [ExportItem], project: String, dryRun: Bool) throws(ExportError) -> ExportReport {
        let previous = try checkTarget()
        let missing = items.compactMap { POSIX.readable($0.original) ? nil : "\($0.original): \(POSIX.errorText.lowercased())" }
        if !missing.isEmpty { throw ExportError.originalsMissing(missing) }
        let items = items.map(outputItem)
        let planned = items.map { ExportManifest.Entry(sequence: $0.sequence, album: $0.album, name: $0.name, original: $0.original, hash: $0.id) }
        let stale = (previous?.files ?? []).filter { old in !planned.contains { $0.name == old.name } }
        let replaced = (previous?.files ?? []).count - stale.count
        var report = ExportReport(folder: folder, files: planned, replaced: replaced, removed: stale.count, warnings: [], dryRun: dryRun)
        if dryRun { return report }
        try makeFolders()
        report.warnings += try copyAll(items)
        let originals = Set(items.map(\.original))
        for old in stale where !originals.contains(folder + "/" + old.name) && !old.name.contains("/") {
            unlink(FileNames.bytes(of: folder + "/" + old.name))
            unlink(FileNames.bytes(of: folder + "/" + old.name + ".xmp"))
        }
        try writeManifest(ExportManifest(project: project, files: planned))
        return report
    }

    /// Byte copies one after another (disk-bound); resized copies with one worker per core (vips concurrency 1 each).
    private func copyAll(_ items: [ExportItem]) throws(ExportError) -> [String] {
        guard maxSize != nil, items.count > 1 else {
            var warnings: [String] = []
            for item in items { warnings += try copy(item) }
            return warnings
        }
        let results = ParallelResults<[String], ExportError>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: min(items.count, ProcessInfo.processInfo.activeProcessorCount)) { _ in
            while let i = results.next() {
                do throws(ExportError) { results.set(i, .success(try copy(items[i]))) } catch { results.set(i, .failure(error)) }
            }
        }
        var warnings: [String] = []
        for result in results.all { warnings += try result.get() }
        return warnings
    }

    /// Refuses a symlinked or non-empty target unless --force and every file there came from apolo; returns the old manifest.
    /// Temp files left by an export that was killed (`.apolo-tmp-*`) are removed first.
    private func checkTarget() throws(ExportError) -> ExportManifest? {
        guard let info = POSIX.status(folder, follow: false) else { return nil }
        if POSIX.isLink(info) { throw ExportError.refused("\(folder) is a symbolic link; apolo exports only into a real folder") }
        guard POSIX.isDirectory(info) else { throw ExportError.refused("\(folder) exists and is not a folder") }
        for stale in (POSIX.entries(folder) ?? []) where stale.hasPrefix(".apolo-tmp-") { unlink(folder + "/" + stale) }
        let names = POSIX.entries(folder) ?? []
        if names.isEmpty { return nil }
        let manifest = ExportManifest.read(folder + "/" + ExportManifest.fileName)
        guard force else {
            throw ExportError.refused("\(folder) is not empty (\(names.count) entr\(names.count == 1 ? "y" : "ies")); pass --force to replace apolo's earlier export there, or choose another --to folder")
        }
        guard let manifest else {
            throw ExportError.refused("\(folder) holds files apolo did not export (no \(ExportManifest.fileName)); --force only replaces apolo's own exports: choose another --to folder")
        }
        let ours = Set(manifest.files.flatMap { [$0.name, $0.name + ".xmp"] } + [ExportManifest.fileName])
        let foreign = names.filter { !ours.contains($0) }
        if !foreign.isEmpty {
            throw ExportError.refused("\(folder) holds \(foreign.count) file(s) apolo did not export (e.g. '\(foreign[0])'); move them away or choose another --to folder")
        }
        return manifest
    }

    /// The item as written: a resized copy in a format libvips cannot write gets a .jpg name.
    private func outputItem(_ item: ExportItem) -> ExportItem {
        guard maxSize != nil else { return item }
        let ext = item.name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard !["jpg", "jpeg", "png", "webp", "tif", "tiff"].contains(ext) else { return item }
        let stem = item.name.contains(".") ? String(item.name[..<(item.name.lastIndex(of: ".") ?? item.name.endIndex)]) : item.name
        return ExportItem(sequence: item.sequence, album: item.album, id: item.id, original: item.original, name: stem + ".jpg",
                          rating: item.rating, tags: item.tags, bytes: item.bytes, modified: item.modified)
    }

    private func makeFolders() throws(ExportError) {
        var built = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 && errno != EEXIST { throw ExportError.io(built, "cannot create folder: \(POSIX.errorText.lowercased())") }
        }
    }

    private func writeManifest(_ manifest: ExportManifest) throws(ExportError) {
        let bytes: [UInt8]
        do { bytes = try manifest.encoded() } catch { throw ExportError.io(folder, "cannot encode manifest: \(error)") }
        let temp = folder + "/.apolo-tmp-manifest-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ExportError.io(temp, POSIX.errorText.lowercased()) }
        let ok = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
        close(fd)
        guard ok, rename(temp, folder + "/" + ExportManifest.fileName) == 0 else {
            unlink(temp)
            throw ExportError.io(folder + "/" + ExportManifest.fileName, "cannot write: \(POSIX.errorText.lowercased())")
        }
    }
}
