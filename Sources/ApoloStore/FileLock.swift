import ApoloSystem
import ApoloCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (flock) on a file, held until `release` or process exit (so a killed process never leaves
/// it held).
public final class FileLock {
    private var fd: Int32

    /// How many waits for each lock file are under way in this process: what a test waits on (a request blocked on
    /// a lock it holds) instead of a fixed time.
    public static let waiting = Watched<[String: Int]>([:])

    /// Waits up to `timeout` seconds for the lock, polling every 5 ms.
    public init(path: String, timeout: Double, project: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError.io(path: path, problem: "cannot open lock file: \(errnoText())") }
        var waited = 0.0
        var counted = false
        defer {
            if counted {
                Self.waiting.withLock {
                    let left = ($0[path] ?? 1) - 1; $0[path] = left > 0 ? left : nil
                }
            }
        }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if !counted { counted = true; Self.waiting.withLock { $0[path, default: 0] += 1 } }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let problem = errnoText()
                close(fd)
                throw StoreError.io(path: path, problem: "cannot lock: \(problem)")
            }
            if waited >= timeout {
                close(fd)
                throw StoreError.busy(project: project, seconds: timeout)
            }
            usleep(5000)
            waited += 0.005
        }
    }

    /// Releases the lock.
    public func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}

/// The text of the current `errno`.
func errnoText() -> String { System.errorText }

/// The text of an `errno` value.
func errnoText(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
