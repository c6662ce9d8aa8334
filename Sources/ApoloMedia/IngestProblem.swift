import ApoloCore
#if canImport(Glibc)
    import Glibc
#endif

/// A file operation of an ingest that failed: which file, what went wrong, and whether the disk is full.
public struct IngestProblem: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let problem: String
    public let full: Bool
    /// True when a destination failed (writing a copy), false when the card's file did.
    public internal(set) var destination = false

    init(_ path: String, _ what: String, code: Int32 = errno) {
        self.path = path
        problem = what + ": " + String(cString: strerror(code)).lowercased()
        full = code == ENOSPC || code == EDQUOT
    }

    public init(_ path: String, problem: String) {
        self.path = path
        self.problem = problem
        full = false
    }

    public var description: String { "\(path): \(problem)" }

    /// The same problem, blamed on a destination.
    var atDestination: IngestProblem {
        var copy = self
        copy.destination = true
        return copy
    }
}

/// A disk that stores other bytes than it was given, for the fault tests of ingest's verification:
/// `APOLO_FAULT_INGEST=once:TEXT` (or `always:TEXT`) changes one byte of the copy of each card file whose path
/// holds TEXT after it is written, on the first attempt (or every attempt). Unset, it does nothing.
public enum IngestFaults {
    static let plan: (always: Bool, text: String)? = {
        guard let value = getenv("APOLO_FAULT_INGEST").map({ String(cString: $0) }),
            let colon = value.firstIndex(of: ":")
        else { return nil }
        let mode = value[..<colon], text = String(value[value.index(after: colon)...])
        return mode == "once" || mode == "always" ? (mode == "always", text) : nil
    }()

    /// Changes a byte in the middle of `copy` when the plan names `source` for this attempt.
    public static func apply(to copy: String, source: String, attempt: Int) {
        guard let plan, !plan.text.isEmpty, source.contains(plan.text), plan.always || attempt == 1 else { return }
        let fd = open(FileNames.bytes(of: copy), O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return }
        var byte: UInt8 = 0
        let middle = off_t(info.st_size / 2)
        guard pread(fd, &byte, 1, middle) == 1 else { return }
        byte ^= 0x5A
        _ = pwrite(fd, &byte, 1, middle)
        _ = fsync(fd)
    }
}
