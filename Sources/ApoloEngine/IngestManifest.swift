import ApoloCore
import ApoloMedia
import ApoloStore
import Foundation

/// The manifest of a job in each destination, `apolo-ingest[-JOB].json`: every file of the job, its size and
/// SHA-256, every copy and when it was verified. `apolo ingest --verify MANIFEST` reads every copy again.
struct IngestManifest: Codable {
    struct File: Codable {
        let source: String
        let size: Int
        let sha256: String
        let copies: [String]
        let verified: String
    }

    var format = "apolo-ingest 1"
    let job: String
    /// This manifest's destination, as it was mounted: copies are found relative to the manifest when it moved.
    let destination: String
    let destinations: [String]
    let files: [File]

    /// Writes the job's manifest (rebuilt from the registry, so a re-run after a crash lists everything) into every
    /// destination where it changed or is missing; the paths written.
    static func write(_ run: IngestRun, registry: IngestRegistry) throws -> [String] {
        let job = run.options.jobKey
        var written: [String] = []
        for root in run.roots {
            let files = registry.records.filter { record in
                record.job == job && record.copies.contains { Engine.inside($0, root) }
            }.map {
                File(
                    source: $0.source, size: $0.size, sha256: $0.sha256, copies: $0.copies,
                    verified: $0.verified)
            }
            let path = root + "/" + name(job)
            guard !files.isEmpty, run.recorded || access(path, F_OK) != 0 else { continue }
            let manifest = IngestManifest(job: job, destination: root, destinations: run.roots, files: files)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try AtomicFile.write(Array(try encoder.encode(manifest)) + [10], to: path)
            written.append(path)
        }
        return written
    }

    static func name(_ job: String) -> String {
        job.isEmpty ? "apolo-ingest.json" : "apolo-ingest-" + NameTemplate.safe(job) + ".json"
    }
}
