import ApoloCore

/// Long work the page starts (an export, an ingest): one at a time, shared between the worker thread and the
/// requests that follow it. Its report and its closing sentence (or why it failed) stay until the next one starts.
final class BackgroundJob<Report: Sendable>: Sendable {
    struct State: Sendable {
        var running = false
        var done = 0
        var total = 0
        var report: Report?
        var message: Said?
        var error: Said?
    }

    private let state = Locked(State())

    /// The state now.
    var value: State { state.value }

    /// Starts a run; false when one is running.
    func start() -> Bool {
        state.withLock { state in
            guard !state.running else { return false }
            state = State(running: true)
            return true
        }
    }

    func progress(_ done: Int, _ total: Int) { state.withLock { ($0.done, $0.total) = (done, total) } }

    /// Ends the run with its report; `done` and `total` become what it says when given.
    func finish(_ report: Report, said: Said? = nil, counted: (done: Int, total: Int)? = nil) {
        state.withLock { state in
            (state.running, state.report, state.message) = (false, report, said)
            if let counted { (state.done, state.total) = counted }
        }
    }

    /// The state as the page reads it: `{running, done, total, message, error, failed}` in `language`, then what
    /// `more` adds.
    func write(
        _ json: inout JSONWriter, language: Language, failed: (Report) -> Int,
        more: (inout JSONWriter, State) -> Void = { _, _ in }
    ) {
        let state = value
        json.object { json in
            json.key("running")
            json.bool(state.running)
            json.key("done")
            json.int(state.done)
            json.key("total")
            json.int(state.total)
            json.key("message")
            json.string(state.message?.text(language, for: .page))
            json.key("error")
            json.string(state.error?.text(language, for: .page))
            json.key("failed")
            json.int(state.report.map(failed) ?? 0)
            more(&json, state)
        }
    }

    /// Ends the run with why it stopped (and what it did before, when it knows).
    func fail(_ said: Said, report: Report? = nil) {
        state.withLock { ($0.running, $0.error, $0.report) = (false, said, report ?? $0.report) }
    }
}
