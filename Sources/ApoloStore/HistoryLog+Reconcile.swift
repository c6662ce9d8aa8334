import ApoloCore
import Foundation

/// Reading the log and placing a document's revision in it.
extension HistoryLog {
    /// The longest history file read (a larger one is set aside as damaged).
    static let maxBytes = 1 << 30

    /// The log placed against the document at `revision` ("" for a document written before revisions).
    /// With `repair` (the caller holds the project's lock) what reconciling finds is written back: a cut-off
    /// tail and steps beyond the real redo branch are truncated, a foreign log is set aside.
    public func state(revision: String, repair: Bool) throws -> State {
        var warnings: [String] = []
        var bytes = try SafeFile.read(path, limit: Self.maxBytes) ?? []
        var keep = bytes.count
        if let last = bytes.last, last != 10 {
            keep = (bytes.lastIndex(of: 10).map { $0 + 1 }) ?? 0
            warnings.append("the undo history ended in a half-written step (a crash or a full disk); it was dropped")
        }
        bytes.removeSubrange(keep...)
        var steps = Self.split(bytes)
        for (n, step) in steps.enumerated() where step.entry == nil {
            warnings.append("step \(n + 1) of the undo history is damaged and was skipped; undo stops there")
        }
        let hint = readHint()
        let legacy = steps.contains { $0.entry != nil && $0.entry?.to == nil }
        if legacy { steps = steps.enumerated().map { Self.legacy($1, index: $0) } }
        let current = revision.isEmpty ? "legacy:\(hint.legacyPosition ?? steps.count)" : revision
        guard let position = Self.place(current, in: steps) else {
            if !steps.isEmpty {
                let aside = path + ".orphaned-\(Int(Date().timeIntervalSince1970))"
                if repair { rename(FileNames.bytes(of: path), FileNames.bytes(of: aside)) }
                warnings.append(
                    """
                    the undo history did not belong to this document (made by hand or by another project of the same \
                    name); set it aside as \(aside) and started a new one
                    """
                )
            }
            return State(steps: [], position: 0, warnings: warnings, size: 0, revision: current, legacy: false)
        }
        var end = position
        if let tip = hint.hint?.tip {
            var at = position
            while at < steps.count, steps[at].from == (at == position ? current : steps[at - 1].to),
                steps[at].entry != nil
            {
                at += 1
                if steps[at - 1].to == tip { end = at }
            }
        }
        if end < steps.count {
            keep = steps[end].offset
            steps.removeSubrange(end...)
        }
        if repair, keep != (try fileSize()) { try truncate(to: keep) }
        return State(
            steps: steps, position: position, warnings: warnings, size: keep, revision: current, legacy: legacy)
    }

    /// How many steps are applied at `revision`: those up to the newest step leading to it, or, when that step is
    /// damaged, those before the step starting from it (so undo stops at the damaged one); nil when the revision
    /// is not in the log at all.
    static func place(_ revision: String, in steps: [Step]) -> Int? {
        if steps.isEmpty { return 0 }
        if let i = steps.lastIndex(where: { $0.to == revision }) { return i + 1 }
        return steps.lastIndex { $0.from == revision }
    }

    /// A step of a log written before revisions: it joins `legacy:i` to `legacy:i+1`.
    static func legacy(_ step: Step, index: Int) -> Step {
        guard var entry = step.entry, entry.to == nil else { return step }
        entry.from = "legacy:\(index)"
        entry.to = "legacy:\(index + 1)"
        return Step(offset: step.offset, line: step.line, entry: entry)
    }

    /// The log's lines with their entries (the patches are not parsed).
    static func split(_ bytes: [UInt8]) -> [Step] {
        var steps: [Step] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
            if end > start {
                let line = bytes[start..<end]
                steps.append(Step(offset: start, line: line, entry: try? entry(line)))
            }
            start = end + 1
        }
        return steps
    }

    /// Only the entry of a line.
    public static func entry(_ line: ArraySlice<UInt8>) throws -> HistoryEntry {
        guard let tab = line.firstIndex(of: 9) else {
            throw StoreError.io(path: "history", problem: "a history line has no patch")
        }
        return try JSONInput.decode(HistoryEntry.self, Array(line[..<tab]), what: "a history step")
    }

    /// The patch of a step.
    public static func patch(_ step: Step) throws -> ProjectPatch {
        guard let tab = step.line.firstIndex(of: 9) else {
            throw StoreError.io(path: "history", problem: "a history line has no patch")
        }
        return try JSONInput.decode(ProjectPatch.self, Array(step.line[(tab + 1)...]), what: "a history step")
    }

    func fileSize() throws -> Int {
        var info = stat()
        return stat(FileNames.bytes(of: path), &info) == 0 ? Int(info.st_size) : 0
    }

    func truncate(to size: Int) throws {
        if size == 0 && access(FileNames.bytes(of: path), F_OK) != 0 { return }
        guard Glibc.truncate(FileNames.bytes(of: path), off_t(size)) == 0 else {
            throw StoreError.io(path: path, problem: "cannot repair the undo history: \(errnoText())")
        }
    }

    /// The hint file, in its current form or the older `POSITION COUNT`.
    func readHint() -> (hint: Hint?, legacyPosition: Int?) {
        guard let bytes = try? SafeFile.read(positionPath, limit: 4096) else { return (nil, nil) }
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(
            String.init)
        if words.first == "v2", words.count == 5, let size = Int(words[3]), let count = Int(words[4]) {
            return (Hint(revision: words[1], tip: words[2], bytes: size, count: count), nil)
        }
        return (nil, words.first.flatMap { Int($0) })
    }

    func writeHint(_ hint: Hint) throws {
        try AtomicFile.write(
            Array("v2 \(hint.revision) \(hint.tip) \(hint.bytes) \(hint.count)\n".utf8), to: positionPath,
            durable: false)
    }
}
