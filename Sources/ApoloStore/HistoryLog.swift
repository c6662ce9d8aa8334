import ApoloCore
import Foundation

/// What `apolo history` shows of one step.
public struct HistoryEntry: Codable, Equatable, Sendable {
    /// The command as typed, e.g. `apolo rate best:1 5`.
    public let command: String
    /// When it ran, ISO 8601 UTC.
    public let date: String
    /// The command's one-line summary of its effect.
    public let summary: String

    public init(command: String, date: String, summary: String) {
        self.command = command
        self.date = date
        self.summary = summary
    }
}

/// A project's undo history: `NAME.history.jsonl` (one step a line: entry JSON, a tab, patch JSON) and
/// `NAME.history.position` (how many steps are applied; the rest can be redone).
///
/// A new step after an undo drops the redo branch. The log keeps the newest `limit` steps.
/// Only the project document is flushed to disk on every change; the history is written without fsync,
/// so a power cut (not a crash) may lose the newest undo steps, never the work itself.
public struct HistoryLog {
    public let path: String
    public let positionPath: String
    public let limit: Int

    public init(home: Home, project: String, limit: Int) {
        path = home.projectsFolder + "/" + project + ".history.jsonl"
        positionPath = home.projectsFolder + "/" + project + ".history.position"
        self.limit = max(1, limit)
    }

    /// Every step's raw line, oldest first.
    public func lines() throws -> [ArraySlice<UInt8>] {
        guard let bytes = try AtomicFile.read(path) else { return [] }
        var lines: [ArraySlice<UInt8>] = []
        bytes.withUnsafeBufferPointer { b in
            var start = 0
            while start < b.count {
                let end = memchr(b.baseAddress! + start, 10, b.count - start).map { UnsafeRawPointer(b.baseAddress!).distance(to: $0) } ?? b.count
                if end > start { lines.append(bytes[start..<end]) }
                start = end + 1
            }
        }
        return lines
    }

    /// How many steps are applied (the position file, clamped to the log).
    public func position(count: Int) throws -> Int {
        guard let value = try marks()?.position else { return count }
        return min(max(0, value), count)
    }

    /// The position file: `POSITION COUNT` (steps applied, steps in the log).
    private func marks() throws -> (position: Int, count: Int?)? {
        guard let bytes = try AtomicFile.read(positionPath) else { return nil }
        let numbers = String(decoding: bytes, as: UTF8.self).split(separator: " ").compactMap { Int(String($0).trimmingSpaces) }
        guard let position = numbers.first else { return nil }
        return (position, numbers.count > 1 ? numbers[1] : nil)
    }

    public func setPosition(_ position: Int, count: Int) throws {
        try AtomicFile.write(Array("\(position) \(count)\n".utf8), to: positionPath, durable: false)
    }

    /// Adds a step after the applied ones (dropping any redo branch and the oldest steps past the limit); returns the new count.
    /// In the common case (nothing undone, under the limit) this only appends: the log is not read.
    public func record(_ entry: HistoryEntry, _ patch: ProjectPatch) throws -> Int {
        if let marks = try marks(), let count = marks.count, marks.position == count, count < limit + max(1, limit / 10),
           access(path, F_OK) == 0 {
            try append(try Self.encode(entry, patch) + [10])
            return count + 1
        }
        let all = try lines()
        let applied = try position(count: all.count)
        let line = try Self.encode(entry, patch)
        var kept = Array(all.prefix(applied)) + [line[...]]
        let trim = kept.count > limit + max(1, limit / 10)
        if trim { kept = Array(kept.suffix(limit)) }
        if trim || applied < all.count {
            try AtomicFile.write(Array(kept.joined(separator: [10])) + [10], to: path)
        } else {
            try append(line + [10])
        }
        return kept.count
    }

    /// The entry and patch of one line.
    public static func decode(_ line: ArraySlice<UInt8>) throws -> (HistoryEntry, ProjectPatch) {
        guard let tab = line.firstIndex(of: 9) else { throw StoreError.io(path: "history", problem: "a history line has no patch") }
        let decoder = JSONDecoder()
        return (try decoder.decode(HistoryEntry.self, from: Data(line[..<tab])), try decoder.decode(ProjectPatch.self, from: Data(line[(tab + 1)...])))
    }

    /// Only the entry of a line (the patch is not parsed).
    public static func entry(_ line: ArraySlice<UInt8>) throws -> HistoryEntry {
        let end = line.firstIndex(of: 9) ?? line.endIndex
        return try JSONDecoder().decode(HistoryEntry.self, from: Data(line[..<end]))
    }

    static func encode(_ entry: HistoryEntry, _ patch: ProjectPatch) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(entry)) + [9] + Array(try encoder.encode(patch))
    }

    private func append(_ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError.io(path: path, problem: "cannot open: \(errnoText())") }
        defer { close(fd) }
        try AtomicFile.writeAll(fd, bytes, path: path)
    }
}
