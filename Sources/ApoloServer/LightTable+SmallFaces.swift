import ApoloCore
import ApoloEngine
import Foundation
import Hummingbird

/// Photos looked at whole for faces from 40 px at the page's request (L on the table; `apolo analyze
/// --small-faces` on the command line): in the background, after any analysis under way, one run at a time.
extension LightTable {
    /// The photos to look at.
    struct SmallFacesBody: Decodable {
        let ids: [String]
    }

    /// At most this many photos a request (a second or two each).
    static let smallFacesAtOnce = 5_000

    /// Queues the photos named that were not looked at whole yet; answers `{looking, already}`: how many will be,
    /// how many were before.
    func lookForSmallFaces(_ body: SmallFacesBody) throws -> Response {
        guard (1...Self.smallFacesAtOnce).contains(body.ids.count) else {
            throw HTTPFailure(status: .badRequest, message: "name 1 to \(Self.smallFacesAtOnce) photos")
        }
        let project = try loaded().1
        guard body.ids.allSatisfy({ project.photos[$0] != nil }) else {
            throw HTTPFailure(status: .notFound, message: "a photo named is not in the project: reload the page")
        }
        let known = engine.signals(of: Set(body.ids))
        let todo = Set(body.ids.filter { known[$0]?.smallFaces != true })
        let start = smallFaces.withLock { state -> Bool in
            state.waiting.formUnion(todo)
            defer { state.running = state.running || !todo.isEmpty }
            return !state.running && !todo.isEmpty
        }
        if start { runSmallFaces(project.name) }
        var json = JSONWriter()
        json.object { json in
            json.key("looking"); json.int(todo.count)
            json.key("already"); json.int(Set(body.ids).count - todo.count)
        }
        return Self.json(bytes: json.bytes)
    }

    /// Photos waiting for, or under, a look for small faces (the page keeps asking for measures while any are).
    var lookingForSmallFaces: Int { smallFaces.withLock { $0.waiting.count } }

    private func runSmallFaces(_ project: String) {
        let engine = self.engine, queue = self.smallFaces, analyzing = self.analyzing
        Thread.detachNewThread {
            while true {
                // after the background analysis: both measuring one photo would keep whichever ended last
                while !analyzing.withLock({ busy -> Bool in defer { busy = true }; return !busy }) {
                    Thread.sleep(forTimeInterval: 0.5)
                }
                let batch = queue.withLock { Array($0.waiting) }
                if !batch.isEmpty { _ = try? engine.analyze(project, smallFaces: batch) }   // none would be all
                analyzing.withLock { $0 = false }
                let more = queue.withLock { state -> Bool in
                    state.waiting.subtract(batch)
                    state.running = !state.waiting.isEmpty
                    return state.running
                }
                if !more { return }
            }
        }
    }
}

/// What the light table has queued for a look for small faces.
struct SmallFacesQueue: Sendable {
    var waiting = Set<PhotoID>()
    var running = false
}
