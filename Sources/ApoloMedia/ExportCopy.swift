import ApoloCore
import CSystem
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
    /// Writes one item (byte copy or resized) and its sidecar; returns warnings.
    func copy(_ item: ExportItem) throws(ExportError) -> [String] {
        guard !item.name.contains("/"), item.name != ".", item.name != ".." else {
            throw ExportError.refused("refusing to write '\(item.name)' outside \(folder)")
        }
        let warnings: [String]
        if let maxSize { warnings = try resize(item, to: maxSize) } else { warnings = try bytes(item) }
        if sidecars { try writeSidecar(item) }
        return warnings
    }

    /// A resized, upright copy through libvips (EXIF kept unless `strip`).
    private func resize(_ item: ExportItem, to size: Int) throws(ExportError) -> [String] {
        let ext = item.name.split(separator: ".").last.map { $0.lowercased() } ?? "jpg"
        let temp = folder + "/.apolo-tmp-\(item.sequence)-\(getpid()).\(ext)"
        var options = ["jpg", "jpeg", "webp"].contains(ext) ? ["Q=\(quality)"] : []
        if strip { options.append("strip") }
        do {
            let image = try Vips.thumbnail(item.original, size: size)
            try image.save(temp + (options.isEmpty ? "" : "[" + options.joined(separator: ",") + "]"))
        } catch {
            unlink(temp)
            throw ExportError.io(item.original, "cannot resize: \(error)")
        }
        guard rename(temp, FileNames.bytes(of: folder + "/" + item.name)) == 0 else {
            unlink(temp)
            throw ExportError.io(folder + "/" + item.name, "cannot write: \(POSIX.errorText.lowercased())")
        }
        return []
    }

    private func writeSidecar(_ item: ExportItem) throws(ExportError) {
        let path = folder + "/" + item.name + ".xmp", temp = folder + "/.apolo-tmp-xmp-\(item.sequence)-\(getpid())"
        let bytes = Array(Sidecar.xml(rating: item.rating, tags: item.tags).utf8)
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ExportError.io(temp, POSIX.errorText.lowercased()) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temp, FileNames.bytes(of: path)) == 0 else {
            unlink(temp)
            throw ExportError.io(path, "cannot write sidecar")
        }
    }

    /// A byte-identical copy keeping the original's modification time: in the kernel when the original still has
    /// the size and mtime it had at import, otherwise by hand, hashing as it goes (and warning if it changed).
    private func bytes(_ item: ExportItem) throws(ExportError) -> [String] {
        let source = open(FileNames.bytes(of: item.original), O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw ExportError.io(item.original, "cannot open: \(POSIX.errorText.lowercased())") }
        defer { close(source) }
        let temp = folder + "/.apolo-tmp-\(item.sequence)-\(getpid())"
        unlink(temp)
        let target = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard target >= 0 else { throw ExportError.io(temp, "cannot create: \(POSIX.errorText.lowercased())") }
        var open = true, done = false
        defer {
            if open { close(target) }
            if !done { unlink(temp) }
        }
        var info = stat()
        let unchanged = fstat(source, &info) == 0 && Int(info.st_size) == item.bytes
            && Timestamp(seconds: Int64(info.st_mtim.tv_sec), nanos: info.st_mtim.tv_nsec).isoUTC == item.modified
        var changed = false
        if !(unchanged && Self.kernelCopy(from: source, to: target, size: Int(info.st_size))) {
            lseek(source, 0, SEEK_SET)
            ftruncate(target, 0)
            lseek(target, 0, SEEK_SET)
            changed = try hashedCopy(from: source, to: target, item) != item.id
            fstat(source, &info)
        }
        var times = [info.st_atim, info.st_mtim]
        futimens(target, &times)
        close(target)
        open = false
        guard rename(temp, FileNames.bytes(of: folder + "/" + item.name)) == 0 else {
            throw ExportError.io(folder + "/" + item.name, "cannot write: \(POSIX.errorText.lowercased())")
        }
        done = true
        return changed ? ["\(item.original) changed since it was imported; exported its current content"] : []
    }

    /// Copies by hand in 1 MiB chunks; returns the SHA-256 of what was copied.
    private func hashedCopy(from source: Int32, to target: Int32, _ item: ExportItem) throws(ExportError) -> String {
        let hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ExportError.io(item.original, "cannot read: \(POSIX.errorText.lowercased())") }
            if n == 0 { return hash.finish() }
            let written = buffer.withUnsafeBytes { raw in
                let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<n])
                hash.update(chunk)
                return writeAll(target, chunk)
            }
            if !written { throw ExportError.io(folder + "/" + item.name, "cannot write: \(POSIX.errorText.lowercased())") }
        }
    }

    /// Copies in the kernel (copy_file_range, like cp); false when that is not possible here, so the caller copies by hand.
    static func kernelCopy(from source: Int32, to target: Int32, size: Int) -> Bool {
        var left = size
        while left > 0 {
            let n = apolo_copy_file_range(source, target, left)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            left -= n
        }
        return true
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
