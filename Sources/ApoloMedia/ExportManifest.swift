import ApoloCore
import Foundation

/// `apolo-export.json`, written next to exported files: what each file is and where it came from.
public struct ExportManifest: Codable, Equatable, Sendable {
    /// One exported file.
    public struct Entry: Codable, Equatable, Sendable {
        public let sequence: Int
        public let album: String
        public let name: String
        public let original: String
        public let hash: String
    }

    public static let fileName = "apolo-export.json"
    public var format = "apolo-export"
    public var version = 1
    public var project: String
    public var files: [Entry]

    public init(project: String, files: [Entry]) {
        self.project = project
        self.files = files
    }

    /// Reads a manifest; nil when absent or not an apolo manifest.
    static func read(_ path: String) -> ExportManifest? {
        guard let data = FileManager.default.contents(atPath: path),
              let manifest = try? JSONDecoder().decode(ExportManifest.self, from: data),
              manifest.format == "apolo-export" else { return nil }
        return manifest
    }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [10]
    }
}
