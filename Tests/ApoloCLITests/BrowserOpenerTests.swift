import Foundation
import Testing
@testable import ApoloCLI

/// A FIFO left where `apolo serve` writes the page that opens the browser hung the server forever.
@Suite struct BrowserOpenerTests {
    @Test func aFIFOAtTheOpenersFileIsReplacedNotWaitedOn() throws {
        let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? ""
        let folder = runtime.isEmpty ? NSTemporaryDirectory() : runtime
        let path = folder + "/apolo-serve-\(getpid())-open.html"
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            BrowserOpener().open("http://127.0.0.1:1/#token=x")
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "open returned")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "a regular file of apolo's own now")
    }
}
