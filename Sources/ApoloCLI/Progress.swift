import ApoloCore
import ApoloMedia
import Foundation

/// A progress line on stderr, redrawn in place (only on a terminal): count, rate, time left.
enum Progress {
    private static let start = Date()
    private static let state = Locked<(last: Date, shown: Bool)>((.distantPast, false))

    @Sendable static func show(_ done: Int, _ total: Int) { show("importing", done, total) }

    @Sendable static func analysing(_ done: Int, _ total: Int) { show("analysing", done, total) }

    /// The same line for another kind of work ("analysing 40/200 …").
    @Sendable static func show(_ verb: String, _ done: Int, _ total: Int) {
        draw(done, total) { rate, time in "\(verb) \(done)/\(total) · \(Int(rate))/s · \(time) left" }
    }

    /// Bytes copied: "copying 1.2 of 3.4 GB · 180 MB/s · 0:12 left".
    @Sendable static func bytes(_ done: Int, _ total: Int) {
        draw(done, total) { rate, time in
            String(format: "copying %.2f of %.2f GB · %.0f MB/s", Double(done) / 1e9, Double(total) / 1e9, rate / 1e6)
                + " · \(time) left"
        }
    }

    /// Redraws the line (at most ten times a second, and at the end) with the rate per second and the time left.
    private static func draw(_ done: Int, _ total: Int, _ text: (Double, String) -> String) {
        state.withLock { state in
            let now = Date()
            guard now.timeIntervalSince(state.last) > 0.1 || done == total else { return }
            state.last = now
            let rate = Double(done) / max(0.001, now.timeIntervalSince(start))
            let left = rate > 0 ? Int(Double(total - done) / rate) : 0
            Output.toStderr("\r\u{1B}[K" + text(rate, "\(left / 60):\(String(format: "%02d", left % 60))"))
            state.shown = true
        }
    }

    /// Reports a failed or skipped file or a warning at once, above the progress line. A file that is no photo
    /// is skipped when it was found in a folder, failed when it was `named` on the command line.
    @Sendable static func report(_ path: String, _ outcome: ImportOutcome, named: Bool) {
        var lines: [String] = []
        switch outcome {
        case .failed(let reason): lines = ["failed: \(path): \(reason)".escaped]
        case .notPhoto(let reason): lines = ["\(named ? "failed" : "skipped"): \(path): \(reason)".escaped]
        case .photo(_, let warnings, _): lines = warnings.map { "warning: \(path): \($0)".escaped }
        case .skipped: break
        }
        guard !lines.isEmpty else { return }
        state.withLock { state in
            Output.toStderr((state.shown ? "\r\u{1B}[K" : "") + lines.joined(separator: "\n") + "\n")
        }
    }

    /// Erases the progress line, if one was drawn.
    static func clear() {
        if state.value.shown { Output.toStderr("\r\u{1B}[K") }
    }
}
