import ApoloCore
import ApoloSystem
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// One file an ingest copied and verified in every destination.
public struct IngestRecord: Codable, Sendable, Equatable {
    /// `CardScanner`'s quick print: size and hash of the first and last 64 KiB.
    public var print: String
    public var sha256: String
    public var size: Int
    public var job: String
    /// The capture day and the shot's sequence numbers (in the job, and in the job on that day).
    public var day: String
    public var seq: Int
    public var dayseq: Int
    /// When every copy was read back and matched, ISO 8601 UTC.
    public var verified: String
    public var source: String
    public var copies: [String]

    public init(
        print: String, sha256: String, size: Int, job: String, day: String, seq: Int, dayseq: Int,
        verified: String, source: String, copies: [String]
    ) {
        (self.print, self.sha256, self.size, self.job, self.day) = (print, sha256, size, job, day)
        (self.seq, self.dayseq, self.verified, self.source, self.copies) = (seq, dayseq, verified, source, copies)
    }
}

/// What every ingest of this home copied, remembered by content across cards and sessions (`HOME/ingest/`):
/// one tab-separated line per file, appended and flushed once all its copies are verified. A torn or damaged
/// line (a crash, an edit by hand, a number out of range) is ignored and its number kept to be said. Held under a
/// lock, so two ingests never interleave.
public final class IngestRegistry {
    /// The highest sequence number a job reaches: a larger one in the file is damage.
    public static let maxSeq = 10_000_000
    public private(set) var records: [IngestRecord] = []
    /// The numbers (from 1) of the lines ignored as damaged.
    public private(set) var damaged: [Int] = []
    private var byPrint: [String: [Int]] = [:]
    public let path: String
    private let lock: FileLock

    /// Opens (and locks) the registry of `home`; `wait` seconds for another ingest to finish.
    public init(home: Home, wait: Double = 0.2) throws {
        let folder = home.root + "/ingest"
        if let (where_, reason) = System.makeFolders(folder) {
            throw StoreError.io(path: where_, problem: "cannot create: \(reason)")
        }
        path = folder + "/ingested.tsv"
        lock = try FileLock(path: folder + "/.lock", timeout: wait, project: "ingest")
        let bytes = try SafeFile.read(path, limit: 1 << 30, noFollow: true) ?? []
        for (number, line) in bytes.split(separator: 10, omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            if let record = Self.record(String(decoding: line, as: UTF8.self)) {
                remember(record)
            } else {
                damaged.append(number + 1)
            }
        }
    }

    deinit { lock.release() }

    /// The records of files with this quick print (several files can share one: confirm with the SHA-256).
    public func records(print: String) -> [IngestRecord] { (byPrint[print] ?? []).map { records[$0] } }

    /// The highest sequence numbers used in `job` (and on `day`): the next shot takes one more.
    public func lastSeq(job: String) -> Int { records.filter { $0.job == job }.map(\.seq).max() ?? 0 }
    public func lastDayseq(job: String, day: String) -> Int {
        records.filter { $0.job == job && $0.day == day }.map(\.dayseq).max() ?? 0
    }

    /// Appends records and flushes them to the disk.
    public func append(_ new: [IngestRecord]) throws {
        let fd = open(FileNames.bytes(of: path), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError.io(path: path, problem: "cannot write: \(errnoText())") }
        defer { close(fd) }
        let text = new.map(Self.line).joined()
        let ok = Array(text.utf8).withUnsafeBytes { System.writeAll(fd, $0) } && fsync(fd) == 0
        guard ok else { throw StoreError.io(path: path, problem: "cannot write: \(errnoText())") }
        new.forEach(remember)
    }

    private func remember(_ record: IngestRecord) {
        byPrint[record.print, default: []].append(records.count)
        records.append(record)
    }

    static func line(_ r: IngestRecord) -> String {
        let fields =
            [
                "1", r.print, r.sha256, String(r.size), r.job, r.day, String(r.seq), String(r.dayseq),
                r.verified, r.source
            ] + r.copies
        return fields.map(TSVField.escape).joined(separator: "\t") + "\n"
    }

    static func record(_ line: String) -> IngestRecord? {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map { TSVField.unescape($0) }
        guard f.count >= 11, f[0] == "1", Photo.isValidID(f[2]), let size = Int(f[3]), (0...(1 << 40)).contains(size),
            let seq = Int(f[6]), (1...maxSeq).contains(seq), let dayseq = Int(f[7]), (1...maxSeq).contains(dayseq)
        else { return nil }
        return IngestRecord(
            print: f[1], sha256: f[2], size: size, job: f[4], day: f[5], seq: seq, dayseq: dayseq,
            verified: f[8], source: f[9], copies: Array(f[10...]))
    }
}
