import ApoloCore
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

/// Finds the files an import names: files as given, folders recursively.
///
/// In folders, hidden entries (leading `.`) and XMP sidecars (`*.xmp`) are skipped, and symbolic links to
/// folders are not followed (they could loop); links to files are. Files are visited in name order.
public enum FileScanner {
    /// Files to read, and paths that could not be scanned with the reason.
    public struct Result: Sendable {
        public var files: [String] = []
        public var failures: [(path: String, reason: String)] = []
        /// Entries of scanned folders that are no files at all (FIFOs, devices, sockets).
        public var skipped: [(path: String, reason: String)] = []
    }

    public static func scan(_ paths: [String]) -> Result {
        var result = Result()
        for path in paths {
            guard let info = POSIX.status(path) else {
                result.failures.append((path, POSIX.errorText.lowercased()))
                continue
            }
            if POSIX.isDirectory(info) {
                walk(path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path, into: &result)
            } else {
                result.files.append(path)
            }
        }
        return result
    }

    private static func walk(_ folder: String, into result: inout Result) {
        guard let names = POSIX.entries(folder) else {
            result.failures.append((folder, "cannot open folder: \(POSIX.errorText.lowercased())"))
            return
        }
        for name in names where !name.hasPrefix(".") && !name.lowercased().hasSuffix(".xmp") {
            let path = folder + "/" + name
            guard let link = POSIX.status(path, follow: false) else { continue }
            if POSIX.isDirectory(link) {
                walk(path, into: &result)
            } else if POSIX.isLink(link) {
                if let target = POSIX.status(path), POSIX.isRegular(target) { result.files.append(path) }
            } else if POSIX.isRegular(link) {
                result.files.append(path)
            } else {
                result.skipped.append(
                    (path, "it is \(String(cString: apolo_file_kind(Int32(link.st_mode & S_IFMT)))), not a file"))
            }
        }
    }
}
