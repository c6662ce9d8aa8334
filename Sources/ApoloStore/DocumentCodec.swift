import ApoloCore
import Foundation

/// Project documents as JSON: pretty-printed, sorted keys, so that saving twice gives identical bytes.
public enum DocumentCodec {
    /// The document's bytes, ending in a newline.
    public static func encode(_ project: Project) throws -> [UInt8] {
        DocumentWriter.encode(project)
    }

    /// Any encodable value as the same style of JSON (for `--json` output); empty arrays and objects as `[]`, `{}`.
    public static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var out: [UInt8] = []
        let bytes = Array(try encoder.encode(value))
        var i = 0
        while i < bytes.count {
            // a raw newline only occurs between tokens (inside strings it is escaped), so "[\n\n   ]" is an empty array
            if bytes[i] == 91 || bytes[i] == 123, i + 2 < bytes.count, bytes[i + 1] == 10, bytes[i + 2] == 10 {
                var j = i + 3
                while j < bytes.count, bytes[j] == 32 { j += 1 }
                if j < bytes.count, bytes[j] == bytes[i] + 2 {
                    out += [bytes[i], bytes[j]]
                    i = j + 1
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses and checks a document; the error names the problem (the caller adds the path).
    /// Photos stay undecoded in `bytes` until read (see `DocumentPhotos`).
    public static func decode(_ bytes: [UInt8]) throws(DocumentProblem) -> Project {
        try decode(DocumentBytes(copying: bytes))
    }

    static func decode(_ document: DocumentBytes) throws(DocumentProblem) -> Project {
        let bytes = document.buffer
        guard !bytes.isEmpty else { throw DocumentProblem("the file is empty") }
        if var project = try DocumentReader.parse(document), project.format == Project.format,
            (1...Project.version).contains(project.version)
        {
            let problems: [String]
            do { problems = try ProjectCheck.problems(in: project, photosChecked: true) } catch {
                problems = ["\(error)"]
            }
            if let first = problems.first {
                throw DocumentProblem(first + (problems.count > 1 ? " (and \(problems.count - 1) more problems)" : ""))
            }
            if project.version < 3 { project.migrateLabelTags() }
            project.version = Project.version  // an older document is written in this version on its next save
            return project
        }
        guard JSONDepth.of(bytes) <= JSONInput.maxDepth else {
            throw DocumentProblem("it is nested deeper than \(JSONInput.maxDepth) levels; no apolo document is")
        }
        let data = Data(bytes)
        if let header = try? JSONDecoder().decode(Header.self, from: data) {
            if header.format != Project.format {
                throw DocumentProblem("it is not an apolo project (format '\(header.format ?? "missing")')")
            }
            if let version = header.version, version > Project.version {
                throw DocumentProblem(
                    """
                    it has schema version \(version), newer than this apolo understands (\(Project.version)); upgrade \
                    apolo
                    """
                )
            }
        }
        var project: Project
        do {
            project = try JSONDecoder().decode(Project.self, from: data)
            if project.version < 3 { project.migrateLabelTags() }
            project.version = max(project.version, Project.version)
        } catch let error as DecodingError {
            throw DocumentProblem(describe(error))
        } catch {
            throw DocumentProblem("it is not valid JSON")
        }
        let problems: [String]
        do { problems = try ProjectCheck.problems(in: project) } catch { problems = ["\(error)"] }
        if let first = problems.first {
            throw DocumentProblem(first + (problems.count > 1 ? " (and \(problems.count - 1) more problems)" : ""))
        }
        return project
    }

    /// Parses a document without the consistency rules (for `project check`); throws only for JSON or schema errors.
    public static func decodeUnchecked(_ bytes: [UInt8]) throws(DocumentProblem) -> Project {
        guard !bytes.isEmpty else { throw DocumentProblem("the file is empty") }
        if let project = try DocumentReader.parse(DocumentBytes(copying: bytes)) { return project }
        guard JSONDepth.of(bytes) <= JSONInput.maxDepth else {
            throw DocumentProblem("it is nested deeper than \(JSONInput.maxDepth) levels; no apolo document is")
        }
        do { return try JSONDecoder().decode(Project.self, from: Data(bytes)) } catch let error as DecodingError {
            throw DocumentProblem(describe(error))
        } catch {
            throw DocumentProblem("it is not valid JSON")
        }
    }

    private struct Header: Decodable {
        let format: String?
        let version: Int?
    }

    /// A decoding error in words (never Foundation's own text).
    static func reason(_ error: Error) -> String {
        if let error = error as? DecodingError { return describe(error) }
        return "it is not valid JSON"
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [CodingKey]) -> String {
            path.isEmpty
                ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "at \(at(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "at \(at(context.codingPath)): missing \(type) value"
        case .keyNotFound(let key, let context):
            return "at \(at(context.codingPath)): missing key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "it is not valid JSON" : "at \(at(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// Why a document could not be used.
public struct DocumentProblem: Error, Equatable {
    public let text: String
    public init(_ text: String) { self.text = text }
}
