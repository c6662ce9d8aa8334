import ApoloCore
import Foundation

/// How an ingest runs (`apolo ingest`), and what it tells its front end while it does.
public struct IngestOptions: Sendable {
    public var sources: [String] = []
    /// The primary destination (its copies are imported) and the backups, each a folder tree of its own.
    public var destination = ""
    public var backups: [String] = []
    public var job: String?
    /// `--folders` and `--name`; nil for the defaults (`{year}/{date}`, with a job `{year}/{date}_{job}`; `{name}`).
    public var folders: String?
    public var name: String?
    /// A metadata template applied to the imported copies (`{job}` made from `job`).
    public var template: String?
    /// Copy photos already ingested too.
    public var again = false
    /// Show the plan; write nothing.
    public var dryRun = false
    /// Unmount the cards once every copy is verified.
    public var eject = false
    /// Asked between photos; true stops the ingest (Ctrl-C).
    public var interrupted: @Sendable () -> Bool = { false }
    /// Told after each photo: bytes done, bytes in all.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Told of each problem as it happens (`failed`/`skipped`, path, reason).
    public var told: (@Sendable (_ failed: Bool, _ path: String, _ reason: String) -> Void)?

    public init() {}

    /// The folder template as used.
    public var folderTemplate: String { folders ?? (job == nil ? "{year}/{date}" : "{year}/{date}_{job}") }
    public var nameTemplate: String { name ?? "{name}" }
    /// The job's key in the registry and the manifest's name.
    public var jobKey: String { job ?? "" }
}

/// What an ingest did, for every front end (`--json` prints it as it is).
public struct IngestReport: Encodable, Sendable {
    public struct Problem: Encodable, Sendable {
        public let path: String
        public let reason: String
    }

    /// One photo's files and where each went (the plan of a dry run, or what was done).
    public struct Placed: Encodable, Sendable {
        public let source: String
        public let copies: [String]
        /// True when the copy was already there, complete (a re-run after a crash).
        public var existed = false
    }

    public var destinations: [String] = []
    /// Photos (shots: a RAW+JPEG pair and its sidecars are one) and files copied and verified in every destination.
    public var photos = 0
    public var files = 0
    public var bytes = 0
    /// Photos skipped because they were ingested before (by content; `--again` copies them anyway).
    public var known = 0
    /// Photos whose copies were all in place already, complete (a re-run after a crash, or `--again`).
    public var existing = 0
    public var placed: [Placed] = []
    public var failed: [Problem] = []
    public var skipped: [Problem] = []
    /// Of the skipped, the photos whose bytes an earlier photo of the card holds.
    public var duplicates = 0
    /// What the ingest warns of: a backup on the destination's disk, damaged lines of the registry.
    public var warnings: [String] = []
    /// The manifest written in each destination.
    public var manifests: [String] = []
    public var interrupted = false
    public var dryRun = false
    public var seconds = 0.0
    /// What importing the verified copies did (nil when nothing was imported).
    public var imported: ImportReport?
    /// What applying the template did, in words.
    public var templated: String?
    /// What `--eject` did, in words.
    public var ejected: [String] = []

    /// The same sentence as a message of the catalogue (the page says it in its language).
    public var said: Said {
        if photos == 0 && failed.isEmpty && known > 0 { return Said.count("ingest.nothingNew", known) }
        let size =
            Double(bytes) >= 1e9
            ? String(format: "%.1f GB", Double(bytes) / 1e9)
            : String(format: "%.0f MB", Double(bytes) / 1e6)
        return Said(
            "ingest.done", Said.count("export.photos", photos), .number(files), Said(text: size),
            .number(destinations.count), .number(known), .number(failed.count))
    }

    /// `copied 106 photos (212 files, 1.9 GB) to 2 destinations, each copy read back and verified; …`.
    public var summary: String {
        let gigabytes = Double(bytes) / 1e9
        let size =
            gigabytes >= 1
            ? String(format: "%.1f GB", gigabytes)
            : bytes >= 1_000_000
                ? String(format: "%.0f MB", Double(bytes) / 1e6) : String(format: "%.0f kB", Double(bytes) / 1e3)
        let where_ = destinations.count == 1 ? "1 destination" : "\(destinations.count) destinations"
        if photos == 0 && failed.isEmpty && known > 0 {
            return "nothing new to copy: the card's \(known) photo\(known == 1 ? " was" : "s were") ingested before "
                + "(recognised by content; --again copies them anyway)"
        }
        var line =
            dryRun
            ? "would copy \(photos) photo\(photos == 1 ? "" : "s") (\(files) files, \(size)) to \(where_)"
            : "copied \(photos) photo\(photos == 1 ? "" : "s") (\(files) files, \(size)) to \(where_), "
                + "each copy read back from the disk and verified"
        if existing > 0 { line += " (\(existing) of them already there, complete)" }
        line += "; already ingested \(known), failed \(failed.count)"
        if skipped.count > duplicates { line += ", skipped \(skipped.count - duplicates) (not photos)" }
        if duplicates > 0 { line += ", duplicates on the card \(duplicates)" }
        if !dryRun && seconds > 0 && bytes > 0 {
            line += String(format: "; %.1f s, %.0f MB/s", seconds, Double(bytes) / 1e6 / seconds)
        }
        return line
    }
}
