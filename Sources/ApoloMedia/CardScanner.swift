import ApoloCore
import ApoloSystem
import CApoloSystem
#if canImport(Glibc)
import Glibc
#endif

/// The photos of a card (or any folder) as an ingest copies them: each shot is the files of one folder with one
/// base name (a RAW+JPEG pair and its sidecars), in the card's order (folders and names sorted).
///
/// Hidden entries are skipped, links are never followed, and what is no photo (a video, a camera's database) is
/// listed as skipped with the reason.
public enum CardScanner {
    /// One file of a shot.
    public struct File: Sendable, Equatable {
        public let path: String
        /// The name without the shot's base name: `.NEF`, `.JPG`, `.NEF.xmp`.
        public let ending: String
        public let kind: CaptureFacts.Kind
        public let size: Int
        /// The size and the SHA-256 of the first and last 64 KiB: the capture time, the camera's serial and
        /// compressed pixels, read without reading the whole file.
        public let print: String
    }

    /// The files of one folder sharing a base name.
    public struct Shot: Sendable {
        public let source: Int
        public let stem: String
        public var files: [File]
        public var photos: [File] { files.filter { if case .photo = $0.kind { true } else { false } } }
        public var bytes: Int { files.reduce(0) { $0 + $1.size } }
    }

    public struct Result: Sendable {
        public var shots: [Shot] = []
        public var skipped: [(path: String, reason: String)] = []
        public var failed: [(path: String, reason: String)] = []
    }

    /// Scans `sources` (folders or files) in order.
    public static func scan(_ sources: [String]) -> Result {
        var result = Result()
        for (index, source) in sources.enumerated() {
            var files: [File] = []
            guard let info = POSIX.status(source, follow: false) else {
                result.failed.append((source, POSIX.errorText.lowercased()))
                continue
            }
            if POSIX.isDirectory(info) {
                walk(source.count > 1 && source.hasSuffix("/") ? String(source.dropLast()) : source, &files, &result)
            } else {
                add(source, &files, &result)
            }
            result.shots += group(files, source: index, &result)
        }
        return result
    }

    private static func walk(_ folder: String, _ files: inout [File], _ result: inout Result) {
        guard let names = POSIX.entries(folder) else {
            result.failed.append((folder, "cannot open the folder: \(POSIX.errorText.lowercased())"))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard let info = POSIX.status(path, follow: false) else { continue }
            if POSIX.isDirectory(info) { walk(path, &files, &result) } else { add(path, &files, &result) }
        }
    }

    private static func add(_ path: String, _ files: inout [File], _ result: inout Result) {
        var size: Int64 = 0, kind: Int32 = 0
        let fd = apolo_open_regular(FileNames.bytes(of: path), O_NOFOLLOW, &size, &kind)
        if fd == -2 || (fd < 0 && errno == ELOOP) {
            let what = fd == -2 ? String(cString: apolo_file_kind(kind)) : "a symbolic link"
            result.skipped.append((path, "it is \(what), not a file"))
            return
        }
        guard fd >= 0 else {
            result.failed.append((path, "cannot open it: \(POSIX.errorText.lowercased())"))
            return
        }
        defer { close(fd) }
        guard let print = quickPrint(fd: fd, size: Int(size)) else {
            result.failed.append((path, "cannot read it: \(POSIX.errorText.lowercased())"))
            return
        }
        let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
        let head = print.head
        let fileKind = size == 0 ? .other("an empty file") : CaptureFacts.kind(name: name, head: head)
        if case .other(let reason) = fileKind {
            result.skipped.append((path, reason))
            return
        }
        files.append(File(path: path, ending: "", kind: fileKind, size: Int(size), print: print.print))
    }

    /// `size:sha256(first 64 KiB + last 64 KiB)`, and the first 64 bytes.
    static func quickPrint(fd: Int32, size: Int) -> (print: String, head: [UInt8])? {
        let span = 64 << 10
        var bytes = [UInt8](repeating: 0, count: min(size, span) + (size > span ? min(size - span, span) : 0))
        let first = min(size, span)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, first, 0) }
        guard got == first else { return nil }
        if size > span {
            let tail = min(size - span, span)
            let more = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + first, tail, off_t(size - tail)) }
            guard more == tail else { return nil }
        }
        return ("\(size):" + ContentHash.of(bytes), Array(bytes.prefix(64)))
    }

    /// The same print of bytes in memory.
    public static func quickPrint(_ bytes: [UInt8]) -> String {
        let span = 64 << 10
        let tail = bytes.count > span ? Array(bytes.suffix(min(bytes.count - span, span))) : []
        return "\(bytes.count):" + ContentHash.of(Array(bytes.prefix(span)) + tail)
    }

    /// Files grouped by folder and base name (case-insensitive), a sidecar with its photo; a lone sidecar is skipped.
    private static func group(_ files: [File], source: Int, _ result: inout Result) -> [Shot] {
        var order: [String] = []
        var shots: [String: Shot] = [:]
        for file in files {
            let (folder, name) = folderAndName(file.path)
            let stem = name.firstIndex(of: ".").map { String(name[..<$0]) } ?? name
            let key = folder + "/" + stem.lowercased()
            let ending = String(name.dropFirst(stem.count))
            let entry = File(path: file.path, ending: ending, kind: file.kind, size: file.size, print: file.print)
            if shots[key] == nil { order.append(key) }
            shots[key, default: Shot(source: source, stem: stem, files: [])].files.append(entry)
        }
        return order.compactMap { key in
            guard let shot = shots[key] else { return nil }
            if shot.photos.isEmpty {
                for file in shot.files { result.skipped.append((file.path, "a sidecar without its photo")) }
                return nil
            }
            return shot
        }
    }

    /// A path's folder and name.
    public static func folderAndName(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
