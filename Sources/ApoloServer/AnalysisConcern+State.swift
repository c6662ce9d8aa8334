import ApoloCore
import ApoloEngine
import Foundation
import Hummingbird

/// What apolo measured of the open project's photos, for the page's badges, stacks and view filters.
extension AnalysisConcern {
    /// `{"stacks": {stack: [id...]}, "best": [id...], "signals": {id: {"s", "h", "d", "blurry", "clipped", "f", "fw",
    /// "cw"?, "fl"?}},
    /// "unmeasured": N, "looking": N, "thresholds": {...}}`: sharpness `s` 0–1, shares of blown highlights `h` and
    /// crushed shadows `d`, the focus judged `f` (sharp, soft, unsure) and why `fw` (not for a plain sharp), what a
    /// lost exposure lost `cw`
    /// (both in the page's language), the faces `fl` when any (see `write(_:into:)`); `unmeasured` photos are still
    /// to be
    /// measured, `looking` ones looked at whole for small faces (the page asks again while any are); `gap`, the
    /// milliseconds under which frames are one stack by time alone (`stack auto`), or null.
    func analysisState(_ language: Language = .english) throws -> Response {
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
                for (id, s) in analysis.signals {
                    json.key(id)
                    json.object { json in
                        json.key("s"); json.literal(LightTable.decimal(s.sharpness, places: 3))
                        json.key("h"); json.literal(LightTable.decimal(s.highlights, places: 4))
                        json.key("d"); json.literal(LightTable.decimal(s.shadows, places: 4))
                        let call = analysis.focus(of: id), lost = s.exposureLost
                        json.key("blurry"); json.bool(call?.soft ?? false)
                        json.key("clipped"); json.bool(lost != nil)
                        json.key("f"); json.string(call?.verdict.rawValue ?? "unsure")
                        if let call, LightTable.says(call) {  // a plain "sharp" goes unsaid: 50,000 photos a poll
                            json.key("fw"); json.string(call.why.text(language, for: .page))
                        }
                        if let lost { json.key("cw"); json.string(lost.text(language, for: .page)) }
                        if let faces = analysis.faces(of: id), !faces.isEmpty {
                            json.key("fl")
                            LightTable.write(faces, into: &json)
                        }
                    }
                }
            }
            json.key("unmeasured")
            json.int(limits.analyze ? waiting(project, analysis).count : 0)
            json.key("looking")
            json.int(lookingForSmallFaces)
            json.key("gap")
            if let gap = project.stacking.gap { json.int(gap) } else { json.literal("null") }
            json.key("thresholds")
            json.object { json in
                json.key("blurryBelow"); json.literal(String(Signals.softBelow))
                json.key("faceSoftBelow"); json.literal(String(Signals.faceSoftBelow))
            }
        }
        return LightTable.json(bytes: json.bytes)
    }

    /// Measures, in the background, the open project's photos that have no signals yet (once at a time); the
    /// page sees them arrive through `analysisState`.
    func analyzeInBackground(_ project: Project, _ analysis: Analysis) {
        guard limits.analyze, !waiting(project, analysis).isEmpty else { return }
        startAnalysis()
    }

    /// Starts the one background analysis unless it runs: it measures the photos without signals and looks at the
    /// photos queued for small faces (`lookForSmallFaces`), and goes on while more are queued.
    func startAnalysis() {
        guard
            analyzing.withLock({ busy -> Bool in
                defer { busy = true }; return !busy
            })
        else { return }
        let engine = self.engine, analyzing = self.analyzing, unmeasurable = self.unmeasurable
        let queue = self.smallFaces
        Thread.detachNewThread {
            while true {
                let (project, batch) = queue.withLock { ($0.project, Array($0.ids)) }
                // no batch: the open project's new photos (an empty list would mean every photo)
                let report = batch.isEmpty ? try? engine.analyze() : try? engine.analyze(project, smallFaces: batch)
                unmeasurable.withLock { $0.formUnion(report?.failed.map(\.id) ?? []) }
                // done under the queue's lock: a photo queued from now on starts the analysis again
                let more = queue.withLock { state -> Bool in
                    state.ids.subtract(batch)
                    if state.ids.isEmpty { analyzing.withLock { $0 = false } }
                    return !state.ids.isEmpty
                }
                if !more { return }
            }
        }
    }

    /// The photos still to be measured: no signals yet, and not found unmeasurable by this server.
    func waiting(_ project: Project, _ analysis: Analysis) -> [PhotoID] {
        let failed = unmeasurable.value
        return project.photos.keys.filter { analysis.signals[$0] == nil && !failed.contains($0) }
    }
}

extension LightTable {
    /// True when the focus judged needs its words on the page: soft, can't tell, or sharp only in one region or
    /// for its camera (a photo plainly sharp is said as such by the page itself).
    static func says(_ call: FocusCall) -> Bool {
        call.verdict != .sharp || call.why.key == "focus.shallow" || call.why.key == "focus.kitLike"
    }

    /// Each face as `{"b": [x, y, w, h], "s": sharpness, "e": eyes}` (the box in shares of the photo as shown).
    static func write(_ faces: [(face: Face, eyes: Eyes)], into json: inout JSONWriter) {
        json.array { json in
            for (face, eyes) in faces where face.box.count == 4 {
                json.object { json in
                    json.key("b")
                    json.array { json in for x in face.box { json.literal(LightTable.decimal(x, places: 3)) } }
                    json.key("s"); json.literal(LightTable.decimal(face.sharpness, places: 3))
                    json.key("e"); json.string(eyes.rawValue)
                }
            }
        }
    }

    /// `x` (0–1) with at most `places` decimals, without a formatter (50,000 photos × 3 values per answer).
    static func decimal(_ x: Double, places: Int) -> String {
        let scale = [1, 10, 100, 1000, 10000][places]
        let n = Int((min(max(x, 0), 1) * Double(scale)).rounded())
        if n == 0 { return "0" }
        if n == scale { return "1" }
        let digits = String(n)
        return "0." + String(repeating: "0", count: places - digits.count) + digits
    }
}
