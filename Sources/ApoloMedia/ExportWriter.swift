import ApoloCore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What an export did (or, with --dry-run, would do).
public struct ExportReport: Codable, Sendable {
    public var folder: String
    /// The files written (all of them, for a dry run: those it would write).
    public var files: [ExportManifest.Entry]
    /// Files of the earlier export written again under the same name.
    public var replaced: Int
    /// Files of the earlier export removed (renumbered, or no longer in any album).
    public var removed: Int
    /// Photos of the earlier export that are in no album now.
    public var dropped: Int
    /// Photos that could not be written (with --max-size, an original libvips cannot decode).
    public var failed: [ExportManifest.Failure]
    public var warnings: [String]
    public var dryRun: Bool
}

/// Writes planned items into `DIR/PROJECT/`; originals are only ever opened read-only.
///
/// The folder is opened once and locked (`ExportFolder`). Each file is written under a temp name of this run
/// and renamed into place, so no half-written file carries a final name. `--force` replaces or removes only
/// files it can prove apolo wrote: named in apolo's manifest there, with bytes that still match the hash the
/// manifest gives. A run keeps a journal, `.apolo-export-pending`: its temp prefix, then a line `HASH NAME` for
/// each file, written before the file is renamed into place. After a killed run the next one removes exactly that
/// run's temp files (never a file of the user's that merely looks like one) and counts the journal's files that are
/// there as apolo's own: a run killed between a file's rename and its line left a file no run could prove its own.
public struct ExportWriter: Sendable {
    public let parent: String
    public let project: String
    public let force: Bool
    public var folder: String { parent + "/" + project }
    /// Resize to at most this many pixels on the longer side (libvips) instead of copying bytes.
    public var maxSize: Int?
    /// JPEG/WebP quality of resized copies.
    public var quality = 90
    /// Drop metadata (EXIF, XMP, ICC) from resized copies.
    public var strip = false
    /// Write `NAME.xmp` (rating, tags) next to each exported file.
    public var sidecars = false
    /// Embed a photo's IPTC fields, rating, keywords and label in its JPEG copy (XMP and IPTC-IIM).
    public var embed = true
    /// Sidecars under one name (`NAME.xmp`) and none beside a JPEG holding its own packet.
    public var oneSidecar = false
    /// Seconds to wait for another export into the same folder.
    public var lockWait = 30.0
    /// Every original of the project: never removed or replaced, even when a manifest names it.
    public var originals: Set<String> = []
    /// What vouches, without hashing it again, that a file is a photo: the cache of what import read and hashed
    /// (the file's path, size, time and inode then, and the photo's id). Files it does not vouch for are hashed.
    public var cache: (any FactsCache)?
    /// Told after each file is written: how many of how many.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    static let pendingName = ".apolo-export-pending"

    public init(into parent: String, project: String, force: Bool) {
        self.parent = parent.count > 1 && parent.hasSuffix("/") ? String(parent.dropLast()) : parent
        self.project = project
        self.force = force
    }

    /// Checks the target and the originals, then writes (unless `dryRun`) and leaves a manifest of what was written.
    public func run(_ items: [ExportItem], project: String, dryRun: Bool) throws(ExportError) -> ExportReport {
        let items = try items.map(outputItem)
        let target = try ExportFolder.open(parent: parent, name: self.project, create: !dryRun, wait: lockWait)
        let previous = try target.flatMap(checkTarget)
        let missing = items.compactMap { item in
            POSIX.regularProblem(item.original).map { "\(item.original.escaped): \($0)" }
        }
        if !missing.isEmpty { throw ExportError.originalsMissing(missing) }
        let planned = items.map {
            ExportManifest.Entry(
                sequence: $0.sequence, album: $0.album, name: $0.name,
                original: $0.original, hash: $0.id)
        }
        let old = (previous?.files ?? []).filter { (try? FileNames.component($0.name)) != nil }
        let names = Set(planned.map(\.name)), ids = Set(planned.map(\.hash))
        let stale = old.filter { !names.contains($0.name) }
        var report = ExportReport(
            folder: folder, files: planned, replaced: old.count - stale.count,
            removed: stale.count,
            dropped: Set(old.filter { !ids.contains($0.hash) }.map(\.hash)).count, failed: [], warnings: [],
            dryRun: dryRun)
        guard !dryRun, let target else { return report }
        try prove(old, in: target)
        let prefix = ".apolo-tmp-\(ExportWriter.token())-"
        if previous != nil {
            // what the killed run's journal added is saved before the journal is started anew: a manifest never
            // forgets a file apolo wrote that is still there
            try writeManifest(ExportManifest(project: project, files: old), into: target, temp: prefix + "manifest")
        }
        try target.write(Array((prefix + "\n").utf8), to: Self.pendingName, temp: prefix + "pending")
        let results = try writeAll(items, into: target, prefix: prefix, keeping: old)
        report.files = results.compactMap(\.entry)
        report.failed = results.compactMap(\.failure)
        report.warnings = results.flatMap(\.warnings)
        for entry in stale where !originals.contains(folder + "/" + entry.name) {
            target.remove(entry.name)
            if entry.sidecar != nil {
                target.remove(entry.name + ".xmp")
                target.remove(Sidecar.stemName(of: entry.name))
            }
        }
        try writeManifest(
            ExportManifest(project: project, files: report.files), into: target,
            temp: prefix + "manifest")
        target.remove(Self.pendingName)
        return report
    }

    func writeManifest(_ manifest: ExportManifest, into target: ExportFolder, temp: String) throws(ExportError) {
        let bytes: [UInt8]
        do { bytes = try manifest.encoded() } catch { throw ExportError.io(folder, "cannot encode the manifest") }
        try target.write(bytes, to: ExportManifest.fileName, temp: temp)
    }

    /// A random name part for this run's temp files.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The item as written: a resized copy in a format libvips cannot write gets a .jpg name; every name must
    /// be a file name once converted to bytes.
    private func outputItem(_ item: ExportItem) throws(ExportError) -> ExportItem {
        var item = item
        if maxSize != nil {
            let ext = item.name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if !["jpg", "jpeg", "png", "webp", "tif", "tiff"].contains(ext) {
                let stem =
                    item.name.contains(".")
                    ? String(item.name[..<(item.name.lastIndex(of: ".") ?? item.name.endIndex)]) : item.name
                item.name = stem + ".jpg"  // every other fact (label, faces) kept
            }
        }
        do { _ = try FileNames.component(item.name, what: "export name") } catch {
            throw ExportError.refused(
                "\(error.message); nothing was exported (check the project with: apolo project check)")
        }
        return item
    }
}
