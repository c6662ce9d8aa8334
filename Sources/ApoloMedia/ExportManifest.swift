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
        /// The photo's id: the SHA-256 of the original.
        public let hash: String
        /// The SHA-256 of the file as written, when it differs from `hash` (a resized copy, a changed original).
        public var written: String?
        /// The SHA-256 of the `NAME.xmp` sidecar written beside it, if any.
        public var sidecar: String?

        public init(
            sequence: Int, album: String, name: String, original: String, hash: String, written: String? = nil,
            sidecar: String? = nil
        ) {
            self.sequence = sequence
            self.album = album
            self.name = name
            self.original = original
            self.hash = hash
            self.written = written
            self.sidecar = sidecar
        }
    }

    /// A photo that could not be written.
    public struct Failure: Codable, Equatable, Sendable {
        public let original: String
        public let reason: String
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

    /// A manifest from bytes found in an export folder; nil when it is not one of apolo's.
    static func decode(_ bytes: [UInt8]) -> ExportManifest? {
        guard JSONDepth.of(bytes) <= JSONDepth.limit,
            let manifest = try? JSONDecoder().decode(ExportManifest.self, from: Data(bytes)),
            manifest.format == "apolo-export"
        else { return nil }
        return manifest
    }

    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [10]
    }
}
