import ApoloCore

/// Fault injection for tests of the transaction path: with a plan set, the Nth write step (create, write, fsync,
/// rename of a document; append to a history; the history's position hint) under a folder fails as a full disk
/// would. No plan is ever set outside tests; a check costs one uncontended lock.
public enum WriteFaults {
    /// Fail the `failAt`-th step (1-based) under `root`; `failAt` 0 counts steps without failing.
    public struct Plan: Sendable {
        public let root: String
        public let failAt: Int
        public var seen: [String] = []

        public init(root: String, failAt: Int) {
            self.root = root
            self.failAt = failAt
        }
    }

    public static let plan = Locked<Plan?>(nil)

    /// True when this step is the planned one.
    static func fails(_ step: String, _ path: String) -> Bool {
        plan.withLock { plan -> Bool in
            guard var current = plan, path.hasPrefix(current.root) else { return false }
            current.seen.append(step)
            plan = current
            return current.seen.count == current.failAt
        }
    }

    /// Throws the injected fault when this step is the planned one.
    static func check(_ step: String, _ path: String) throws {
        if fails(step, path) { throw injected(step, path) }
    }

    static func injected(_ step: String, _ path: String) -> StoreError {
        StoreError.io(path: path, problem: "cannot write: no space left on device (an injected fault: \(step))")
    }
}
