import ApoloCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an export stopped; nothing under a final name is left half-written.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case refused(String)
    case originalsMissing([String])
    case io(String, String)

    public var description: String {
        switch self {
        case .refused(let message): return message
        case .originalsMissing(let list):
            let shown = list.prefix(5).joined(separator: "; ")
            return "\(list.count) original\(list.count == 1 ? " is" : "s are") missing or unreadable (\(shown)\(list.count > 5 ? "; …" : "")); nothing was exported"
        case .io(let path, let problem): return "\(path): \(problem)"
        }
    }
}

extension ExportWriter {
    /// Copies one original to a temp file, then renames it to its final name; returns warnings.
    func copy(_ item: ExportItem) throws(ExportError) -> [String] {
        guard !item.name.contains("/"), item.name != ".", item.name != ".." else {
            throw ExportError.refused("refusing to write '\(item.name)' outside \(folder)")
        }
        let source = open(item.original, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw ExportError.io(item.original, "cannot open: \(POSIX.errorText.lowercased())") }
        defer { close(source) }
        let temp = folder + "/.apolo-tmp-\(item.sequence)-\(getpid())"
        unlink(temp)
        let target = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard target >= 0 else { throw ExportError.io(temp, "cannot create: \(POSIX.errorText.lowercased())") }
        var done = false
        defer {
            if !done { unlink(temp) }
        }
        let hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                close(target)
                throw ExportError.io(item.original, "cannot read: \(POSIX.errorText.lowercased())")
            }
            if n == 0 { break }
            let written = buffer.withUnsafeBytes { raw in
                let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<n])
                hash.update(chunk)
                return writeAll(target, chunk)
            }
            if !written {
                let problem = POSIX.errorText.lowercased()
                close(target)
                throw ExportError.io(folder + "/" + item.name, "cannot write: \(problem)")
            }
        }
        var info = stat()
        if fstat(source, &info) == 0 {
            var times = [info.st_atim, info.st_mtim]
            futimens(target, &times)
        }
        close(target)
        guard rename(temp, folder + "/" + item.name) == 0 else {
            throw ExportError.io(folder + "/" + item.name, "cannot write: \(POSIX.errorText.lowercased())")
        }
        done = true
        return hash.finish() == item.id ? [] : ["\(item.original) changed since it was imported; exported its current content"]
    }

    /// False when the write fails (errno says why).
    private func writeAll(_ fd: Int32, _ chunk: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < chunk.count {
            let n = write(fd, chunk.baseAddress.map { $0 + offset }, chunk.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
