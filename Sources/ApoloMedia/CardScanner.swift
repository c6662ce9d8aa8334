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

        func ending(_ ending: String) -> File {
            File(path: path, ending: ending, kind: kind, size: size, print: print)
        }
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

    /// A path's folder and name.
    public static func folderAndName(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
