import ApoloCore
import Foundation

/// Writing steps: before the document is saved, with a way back when the save fails.
extension HistoryLog {
    /// A step written to the log whose document is not saved yet: `saved` after the save, `abandon` when it failed.
    public struct Pending {
        let log: HistoryLog
        /// The log's size before the step was appended (nil when the log was rewritten).
        let sizeBefore: Int?
        let size: Int
        let revision: String
        /// The step's number (1-based) among the steps kept.
        public let number: Int
        /// What reconciling the log found and repaired.
        public let warnings: [String]

        /// Marks the step as reached: the hint lets the next edit append without reading the log.
        public func saved() {
            try? log.writeHint(Hint(revision: revision, tip: revision, bytes: size, count: number))
        }

        /// Takes the step back out (best effort; reconciling drops it anyway, since its revision was never saved).
        public func abandon() {
            if let sizeBefore { try? log.truncate(to: sizeBefore) }
        }
    }

    /// After an undo or redo saved the document at `revision`: the hint keeps the whole redo branch of `state`.
    public func reached(_ revision: String, _ state: State) {
        try? writeHint(
            Hint(
                revision: revision, tip: state.steps.last?.to ?? revision, bytes: state.size,
                count: state.steps.count))
    }

    /// Writes the step leading from the document at `revision` to `next`, dropping any redo branch and the
    /// oldest steps past the limit. In the common case (nothing undone, the hint matching) it only appends.
    public func record(_ entry: HistoryEntry, _ patch: ProjectPatch, revision: String, next: String) throws -> Pending {
        var entry = entry
        entry.to = next
        let size = try fileSize()
        if let hint = readHint().hint, !revision.isEmpty, hint.revision == revision, hint.tip == revision,
            hint.bytes == size,
            hint.count < limit + max(1, limit / 10)
        {
            entry.from = revision
            let written = try appendLine(entry, patch, restoring: size)
            return Pending(
                log: self, sizeBefore: size, size: size + written, revision: next, number: hint.count + 1,
                warnings: [])
        }
        var state = try state(revision: revision, repair: true)
        entry.from = state.revision
        if state.position < state.steps.count {
            try truncate(to: state.steps[state.position].offset)
            state.size = state.steps[state.position].offset
            state.steps.removeSubrange(state.position...)
        }
        let count = state.steps.count + 1
        guard count > limit + max(1, limit / 10) || state.legacy else {
            let written = try appendLine(entry, patch, restoring: state.size)
            return Pending(
                log: self, sizeBefore: state.size, size: state.size + written, revision: next, number: count,
                warnings: state.warnings)
        }
        let line = try Self.encode(entry, patch)
        var lines = try state.steps.map(Self.materialized) + [line[...]]
        if lines.count > limit { lines = Array(lines.suffix(limit)) }
        let bytes = Array(lines.joined(separator: [10])) + [10]
        try AtomicFile.write(bytes, to: path, durable: false)
        return Pending(
            log: self, sizeBefore: nil, size: bytes.count, revision: next, number: lines.count,
            warnings: state.warnings)
    }

    /// A line with its derived revisions written into it (for lines that predate revisions).
    static func materialized(_ step: Step) throws -> ArraySlice<UInt8> {
        guard let entry = step.entry, let tab = step.line.firstIndex(of: 9) else { return step.line }
        return (try encodeEntry(entry) + step.line[tab...])[...]
    }

    static func encode(_ entry: HistoryEntry, _ patch: ProjectPatch) throws -> [UInt8] {
        var line: [UInt8] = []
        try encode(entry, patch, into: &line)
        return line
    }

    /// The step's line (entry, a tab, patch) appended to `line`; with `flush`, handed on as it is made (`PatchJSON`).
    static func encode(
        _ entry: HistoryEntry, _ patch: ProjectPatch, into line: inout [UInt8],
        flush: ((inout [UInt8]) throws -> Void)? = nil
    ) throws {
        line += try encodeEntry(entry)
        line.append(9)
        try PatchJSON.write(patch, with: encoder, into: &line, flush: flush)
    }

    static func encodeEntry(_ entry: HistoryEntry) throws -> [UInt8] { Array(try encoder.encode(entry)) }

    /// The history's JSON: sorted keys, slashes as they are.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Appends the step as one line, written as it is made, a megabyte at a time (a step of 200,000 photos is
    /// 90 MB); on failure (a full disk) cuts the log back to `size`, so no half line is left to merge with the next
    /// one. Returns the bytes written.
    private func appendLine(_ entry: HistoryEntry, _ patch: ProjectPatch, restoring size: Int) throws -> Int {
        let fd = open(FileNames.bytes(of: path), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw StoreError.io(path: path, problem: "cannot open: \(errnoText())") }
        defer { close(fd) }
        var written = 0
        func write(_ bytes: inout [UInt8]) throws {
            if written == 0, WriteFaults.fails("append history (half a line written)", path) {  // one step a line
                try AtomicFile.writeAll(fd, Array(bytes.prefix(bytes.count / 2)), path: path)
                throw WriteFaults.injected("append history", path)
            }
            try AtomicFile.writeAll(fd, bytes, path: path)
            written += bytes.count
            bytes.removeAll(keepingCapacity: true)
        }
        do {
            var line: [UInt8] = []
            try Self.encode(entry, patch, into: &line, flush: write)
            line.append(10)
            try write(&line)
        } catch {
            ftruncate(fd, off_t(size))
            throw error
        }
        return written
    }
}
