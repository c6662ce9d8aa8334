import ApoloCore
import ApoloEngine
import ApoloStore
import Foundation
import Testing

/// The one transaction path under a failing disk: a write fails at each step of an edit's transaction in turn
/// (history append, the document's create, write, fsync and rename, the position hint). Whatever step fails, the
/// document is the one before or after the edit, the edit is either refused or saved, and undo then gives back
/// exactly the state before it.
@Suite(.serialized) struct TransactionFaultTests {
    let scratch = Scratch("apolo-engine")
    var root: String { scratch.path }

    func photos() -> [Photo] {
        (1...4).map { i in
            Photo(
                id: String(repeating: "\(i)", count: 64), file: "IMG_\(i).jpg", path: "/nonexistent/IMG_\(i).jpg",
                bytes: 1,
                modified: "2024-05-01T08:0\(i):00Z")
        }
    }

    /// A project with two steps of history; returns the engine and the document's bytes.
    func fresh(_ name: String) throws -> (Engine, ProjectStore) {
        let store = ProjectStore(home: Home(root: root + "/" + name), lockTimeout: 1)
        _ = try store.create("trip")
        try store.setCurrent("trip")
        let engine = Engine(store: store)
        _ = try engine.apply([Change(AddPhotos(photos()))], command: "apolo import")
        _ = try engine.apply([Change(Rate("table:1", 2))], command: "apolo rate table:1 2")
        return (engine, store)
    }

    func edit(_ engine: Engine) throws {
        _ = try engine.apply(
            [Change(ShelfCreate(name: "best")), Change(SlideMove("table:2", to: "best"))], command: "apolo …")
    }

    @Test func everyWriteOfATransactionMayFailAndNothingIsLostOrHalfDone() throws {
        let (counting, countingStore) = try fresh("count")
        WriteFaults.plan.withLock { $0 = WriteFaults.Plan(root: countingStore.home.root, failAt: 0) }
        try edit(counting)
        let steps = WriteFaults.plan.withLock { plan -> [String] in
            defer { plan = nil }
            return plan?.seen ?? []
        }
        #expect(steps.count >= 5, "history append, document create/write/fsync/rename: \(steps)")
        for failAt in 1...steps.count {
            let (engine, store) = try fresh("fail-\(failAt)")
            let before = try store.load("trip")
            WriteFaults.plan.withLock { $0 = WriteFaults.Plan(root: store.home.root, failAt: failAt) }
            let refused: Bool
            do {
                try edit(engine)
                refused = false
            } catch let error as StoreError {
                refused = true
                #expect(error.failure == .noSpace, "a full disk, in words: \(error)")
            }
            WriteFaults.plan.withLock { $0 = nil }
            let after = try store.load("trip")
            let step = steps[failAt - 1]
            if refused {
                #expect(after == before, "failing at \(step): the document is the one before")
            } else {
                #expect(after.shelves.map(\.name) == ["best"], "failing at \(step) (after the save): the edit is saved")
            }
            _ = try engine.walk(refused ? 1 : 2, back: true, expect: nil)
            let undone = try store.load("trip")
            #expect(
                undone.photos.values.allSatisfy { $0.rating == 0 } && undone.shelves.isEmpty,
                "failing at \(step): undo gives back exactly the states before")
        }
    }
}
