import ApoloCore
import ApoloEngine
import Foundation
import Hummingbird

/// What apolo measured of the open project's photos, for the page's badges, stacks and view filters.
extension LightTable {
    /// `{"stacks": {stack: [id...]}, "best": [id...], "signals": {id: {"s", "h", "d", "blurry", "clipped"}},
    /// "unmeasured": N, "thresholds": {...}}`: sharpness `s` 0–1, shares of blown highlights `h` and crushed
    /// shadows `d`; `unmeasured` photos are still to be measured (the page asks again while any are).
    func analysisState() throws -> Response {
        let project = try loaded().1
        let analysis = engine.analysis(of: project)
        analyzeInBackground(project, analysis)
        var json = JSONWriter(capacity: analysis.signals.count * 90 + 1024)
        json.object { json in
            json.key("stacks")
            json.object { json in
                for (stack, ids) in analysis.stacks.members.sorted(by: { $0.key < $1.key }) {
                    json.key(stack)
                    json.strings(ids)
                }
            }
            json.key("best")
            json.strings(analysis.stacks.best.values.sorted())
            json.key("signals")
            json.object { json in
                for (id, s) in analysis.signals.sorted(by: { $0.key < $1.key }) where project.photos.contains(id) {
                    json.key(id)
                    json.object { json in
                        json.key("s"); json.literal(String(format: "%.3f", s.sharpness))
                        json.key("h"); json.literal(String(format: "%.4f", s.highlights))
                        json.key("d"); json.literal(String(format: "%.4f", s.shadows))
                        json.key("blurry"); json.bool(s.blurry)
                        json.key("clipped"); json.bool(s.clipped)
                    }
                }
            }
            json.key("unmeasured")
            json.int(limits.analyze ? waiting(project, analysis).count : 0)
            json.key("thresholds")
            json.object { json in
                json.key("blurryBelow"); json.literal(String(Signals.blurryBelow))
                json.key("highlightsAbove"); json.literal(String(Signals.highlightsAbove))
                json.key("shadowsAbove"); json.literal(String(Signals.shadowsAbove))
            }
        }
        return Self.json(bytes: json.bytes)
    }

    /// Measures, in the background, the open project's photos that have no signals yet (once at a time); the
    /// page sees them arrive through `analysisState`.
    func analyzeInBackground(_ project: Project, _ analysis: Analysis) {
        guard limits.analyze, !waiting(project, analysis).isEmpty else { return }
        let start = analyzing.withLock { busy -> Bool in
            defer { busy = true }
            return !busy
        }
        guard start else { return }
        let engine = self.engine, analyzing = self.analyzing, unmeasurable = self.unmeasurable
        Thread.detachNewThread {
            let failed = (try? engine.analyze())?.failed.map(\.id) ?? []
            unmeasurable.withLock { $0.formUnion(failed) }
            analyzing.withLock { $0 = false }
        }
    }

    /// The photos still to be measured: no signals yet, and not found unmeasurable by this server.
    func waiting(_ project: Project, _ analysis: Analysis) -> [PhotoID] {
        let failed = unmeasurable.value
        return project.photos.keys.filter { analysis.signals[$0] == nil && !failed.contains($0) }
    }
}
