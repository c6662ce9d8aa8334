import ApoloCore
import ApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// The changes saved since a large document was last written whole: `NAME.journal` beside `NAME.json`.
///
/// The light table appends each change of a large project here (a few hundred bytes, flushed to disk) instead of
/// writing the whole document again (90 MB at 200,000 photos); every load replays the journal onto the document, and
/// the next whole save (any command line edit, the light table's stop, or a journal grown past `foldAt`) folds it in.
/// Its first line names the document revision it starts from (`apolo-journal 1 REV`); each further line is one
/// change, `FROM` tab `TO` tab the change as a history step writes it. A journal that starts from another revision
/// than the document's is left over from a whole save cut short, and is ignored; replaying stops at the first line
/// that is cut short, does not chain, or would not apply cleanly.
struct Journal {
    let path: String

    static let magic = "apolo-journal 1 "
    /// A journal is folded into its document once it is this large.
    static let foldAt = 2 << 20
    /// A change larger than this is saved by writing the document whole.
    static let largestChange = 1 << 20
    /// apolo never writes a journal larger than `foldAt` + `largestChange`; anything past this is not one of its.
    static let limit = 64 << 20

    /// The revision the journal starts from, and its lines of changes (nil when there is no journal).
    func read() throws -> (base: String, lines: [ArraySlice<UInt8>])? {
        let read: [UInt8]?
        do { read = try SafeFile.read(path, limit: Self.limit, noFollow: true) } catch StoreError.io(_, let problem) {
            throw StoreError.io(
                path: path,
                problem: "\(problem); it is not a journal apolo wrote: move it away to open the project without the "
                    + "light table's last changes")
        }
        guard let bytes = read else { return nil }
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        guard let head = lines.first, bytes.contains(10) else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix(Self.magic) else { return nil }
        let base = String(text.dropFirst(Self.magic.count))
        guard Project.isValidRevision(base) else { return nil }
        // the last piece follows the last newline: empty, or a line cut short
        return (base, Array(lines.dropFirst().dropLast()))
    }

    /// The revision the journal starts from, without reading its changes.
    func base() -> String? {
        guard let (fd, _) = try? SafeFile.open(path, noFollow: true) else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: Self.magic.utf8.count + 81)
        let count = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0, let end = head[..<count].firstIndex(of: 10) else { return nil }
        let text = String(decoding: head[..<end], as: UTF8.self)
        return text.hasPrefix(Self.magic) ? String(text.dropFirst(Self.magic.count)) : nil
    }

    /// Applies onto `project` (as its document was read) the changes that chain from its revision. The result is
    /// checked once, as a load checks a document; only when that finds a problem are the lines replayed again one
    /// by one, each checked, up to the first that breaks a rule.
    func replay(onto project: inout Project) throws {
        guard let (base, lines) = try read(), base == project.revision else { return }
        var replayed = project, touched = Set<PhotoID>()
        for line in lines {
            guard let (next, patch) = try? Self.change(line, onto: replayed, checked: false) else { break }
            replayed = next
            touched.formUnion(patch.photos.map(\.id))
        }
        if Self.sound(replayed, touched: touched) {
            project = replayed
            return
        }
        for line in lines {
            guard let (next, _) = try? Self.change(line, onto: project, checked: true) else { break }
            project = next
        }
    }

    /// True when `project` passes a load's checks, the photos the journal changed included.
    static func sound(_ project: Project, touched: Set<PhotoID>) -> Bool {
        guard (try? ProjectCheck.problems(in: project, photosChecked: true))?.isEmpty == true else { return false }
        let placed = project.placedIDs
        for id in touched {
            guard let photo = project.photos[id] else {
                if placed.contains(id) { return false }
                continue
            }
            if !ProjectCheck.problems(of: photo, key: id).isEmpty || photo.discarded && placed.contains(id) {
                return false
            }
        }
        return true
    }

    /// `project` with one line's change applied (and, when `checked`, the rules it touched checked), or nil when
    /// the line does not follow from it.
    static func change(
        _ line: ArraySlice<UInt8>, onto project: Project, checked: Bool
    ) throws -> (Project, ProjectPatch)? {
        let fields = line.split(separator: 9, maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let from = String(decoding: fields[0], as: UTF8.self), to = String(decoding: fields[1], as: UTF8.self)
        guard from == project.revision, Project.isValidRevision(to) else { return nil }
        let patch = try JSONInput.decode(ProjectPatch.self, Array(fields[2]), what: "a journal line")
        guard patch.conflicts(in: project, reverse: false).isEmpty else { return nil }
        var next = project
        patch.apply(to: &next, reverse: false)
        guard !checked || ProjectCheck.problems(in: next, after: patch).isEmpty else { return nil }
        next.revision = to
        return (next, patch)
    }

    /// The line saving `patch` as the change from revision `from` to `to`.
    static func line(_ patch: ProjectPatch, from: String, to: String) throws -> [UInt8] {
        var line = Array("\(from)\t\(to)\t".utf8)
        try PatchJSON.write(patch, with: HistoryLog.encoder, into: &line)
        line.append(10)
        return line
    }
}
