import ApoloCore
import ApoloMedia
import ApoloStore
import Foundation

/// What `apolo ingest --verify MANIFEST` found.
public struct IngestVerifyReport: Encodable, Sendable {
    public struct Problem: Encodable, Sendable {
        public let path: String
        public let reason: String
    }

    public var files = 0
    /// Copies read again whose size and SHA-256 match the manifest.
    public var good = 0
    public var bad: [Problem] = []
    /// Copies not found (a destination disk not mounted, a file deleted).
    public var missing: [Problem] = []
    public var seconds = 0.0

    public var summary: String {
        "\(files) file\(files == 1 ? "" : "s"): \(good) cop\(good == 1 ? "y" : "ies") read back and intact, "
            + "\(bad.count) damaged, \(missing.count) missing" + String(format: "; %.1f s", seconds)
    }
}

extension Engine {
    /// Reads every copy a manifest lists again (from the disk, not the page cache) and compares it with the
    /// recorded size and SHA-256. A copy whose destination moved is looked for next to the manifest.
    public func verifyIngest(
        _ path: String, progress: (@Sendable (Int, Int) -> Void)? = nil,
        told: (@Sendable (String, String) -> Void)? = nil
    ) throws -> IngestVerifyReport {
        let started = Date()
        guard let bytes = try SafeFile.read(path, limit: 1 << 30) else {
            throw CoreError(.notFound, "\(path): no such manifest (apolo-ingest*.json in a destination)")
        }
        let manifest: IngestManifest
        do { manifest = try JSONDecoder().decode(IngestManifest.self, from: Data(bytes)) } catch {
            throw CoreError(.invalid, "\(path) is not an apolo ingest manifest (\(Self.decodingProblem(error)))")
        }
        guard manifest.files.contains(where: { !$0.copies.isEmpty }) else {
            throw CoreError(
                .invalid,
                "\(path) lists no copies: nothing was verified (the manifest of another "
                    + "ingest, or emptied)")
        }
        let here = CardScanner.folderAndName(URL(fileURLWithPath: path).standardizedFileURL.path).0
        var report = IngestVerifyReport()
        report.files = manifest.files.count
        for (number, file) in manifest.files.enumerated() {
            for copy in file.copies {
                var found = copy
                if access(copy, F_OK) != 0, Self.inside(copy, manifest.destination) {
                    found = here + copy.dropFirst(manifest.destination.count)
                }
                guard let (size, hash) = IngestFile.sizeAndHash(found) else {
                    report.missing.append(.init(path: copy, reason: String(cString: strerror(errno)).lowercased()))
                    continue
                }
                if size == file.size && hash == file.sha256 {
                    report.good += 1
                } else {
                    let reason =
                        size != file.size
                        ? "it is \(size) bytes, not \(file.size)"
                        : "its content changed (SHA-256 \(hash.prefix(12))…, recorded \(file.sha256.prefix(12))…)"
                    report.bad.append(.init(path: found, reason: reason))
                    told?(found, reason)
                }
            }
            progress?(number + 1, manifest.files.count)
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    static func decodingProblem(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, _): return "no \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "bad \(context.codingPath.map(\.stringValue).last ?? "")"
        @unknown default: return "not JSON"
        }
    }
}
