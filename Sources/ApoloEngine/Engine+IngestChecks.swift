import ApoloCore
import ApoloMedia
import ApoloStore
import ApoloSystem
import Foundation

/// What an ingest checks before it copies anything: its templates, and that no destination is a card or another.
extension Engine {
    static func templates(_ options: IngestOptions) throws -> (NameTemplate, NameTemplate) {
        let folders = try NameTemplate(options.folderTemplate, folders: true)
        let names = try NameTemplate(options.nameTemplate, folders: false)
        if options.job == nil && (folders.uses(.job) || names.uses(.job)) {
            throw CoreError(.invalid, said: Said("ingest.needsJob", []))
        }
        if folders.uses(.album) || names.uses(.album) {
            throw CoreError(.invalid, "{album} names an export's album; an ingest has none")
        }
        if let job = options.job, job.isEmpty || job.unicodeScalars.contains(where: { $0.value < 32 }) {
            throw CoreError(.invalid, "a job's name must be some text without control characters")
        }
        return (folders, names)
    }

    /// The sources' and the destinations' absolute paths (destinations created unless this is a dry run); refused
    /// when two destinations are one, or one is inside a source (or holds one).
    static func destinations(_ options: IngestOptions) throws -> (sources: [String], roots: [String]) {
        guard !options.destination.isEmpty else { throw CoreError(.invalid, said: Said("ingest.needsDestination", [])) }
        var sources: [String] = []
        for source in options.sources {
            guard let real = realpath(source, nil) else {
                let reason = String(cString: strerror(errno)).lowercased()
                throw CoreError(.notFound, said: Said("ingest.noSource", "\(source)", "\(reason)"))
            }
            sources.append(String(cString: real))
            free(real)
        }
        var roots: [String] = []
        for folder in [options.destination] + options.backups {
            let absolute = Self.absolute(folder)
            if roots.contains(absolute) { throw CoreError(.invalid, said: Said("ingest.twice", "\(folder)")) }
            for source in sources where Self.inside(absolute, source) || Self.inside(source, absolute) {
                throw CoreError(.invalid, said: Said("ingest.overlap", "\(folder)", "\(source)"))
            }
            roots.append(absolute)
        }
        for (folder, absolute) in zip([options.destination] + options.backups, roots) where !options.dryRun {
            if let (where_, reason) = System.makeFolders(absolute) {
                throw CoreError(
                    .invalid,
                    "cannot create \(where_) (for \(folder)): \(reason.lowercased()); "
                        + "nothing was copied")
            }
        }
        return (sources, roots)
    }

    /// Refuses two destinations that are one folder reached by two paths (a bind mount: same device and inode);
    /// the warnings for a backup on the primary destination's disk, which does not protect against that disk.
    static func twins(_ options: IngestOptions, roots: [String]) throws -> [String] {
        let named = [options.destination] + options.backups
        var seen: [(dev: UInt64, ino: UInt64, name: String)] = [], warnings: [String] = []
        for (index, root) in roots.enumerated() {
            var info = stat()
            guard stat(FileNames.bytes(of: root), &info) == 0 else { continue }
            if let twin = seen.first(where: { $0.dev == UInt64(info.st_dev) && $0.ino == UInt64(info.st_ino) }) {
                throw CoreError(
                    .invalid,
                    "\(named[index]) is the same folder as \(twin.name) (another path to it, "
                        + "such as a bind mount); name each destination once; nothing was copied")
            }
            if index > 0, seen.first?.dev == UInt64(info.st_dev) {
                warnings.append(
                    "the backup \(root) is on the same disk as the destination: it does not protect "
                        + "against that disk failing")
            }
            seen.append((UInt64(info.st_dev), UInt64(info.st_ino), named[index]))
        }
        return warnings
    }

    /// The registry's damaged lines, said once (their records are ignored: those files may be copied again).
    static func damage(_ registry: IngestRegistry) -> [String] {
        let lines = registry.damaged
        guard !lines.isEmpty else { return [] }
        let listed = lines.prefix(10).map(String.init).joined(separator: ", ") + (lines.count > 10 ? ", …" : "")
        return [
            "\(registry.path): \(lines.count) damaged line\(lines.count == 1 ? "" : "s") (\(listed)) "
                + "\(lines.count == 1 ? "is" : "are") ignored; the files they recorded may be copied again"
        ]
    }

    /// A path made absolute with the links of its existing part resolved (the rest need not exist yet).
    static func absolute(_ path: String) -> String {
        var head = URL(fileURLWithPath: path).standardizedFileURL.path
        var tail: [String] = []
        while Eject.resolved(head) == nil, head != "/" {
            tail.insert(String(head.split(separator: "/").last ?? ""), at: 0)
            head = CardScanner.folderAndName(head).0
            if head.isEmpty { head = "/" }
        }
        let base = Eject.resolved(head) ?? head
        return tail.isEmpty ? base : (base == "/" ? "" : base) + "/" + tail.joined(separator: "/")
    }

    static func inside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
