import ApoloCore
import Foundation
import Hummingbird

/// The first screen before the rest: at 50,000 photos the whole state is about 12 MiB, which the page would parse
/// before it draws a frame, though one screen shows at most a few hundred. `GET /api/state?first=N` answers with
/// the table's first N slides, the next places' first N slides while they add up to `firstBeyondTable` × N (the
/// shelves and albums the rack shows first), each place's size (`count`) and `partial: true`; places past that hold
/// no slide yet. The page draws that at once, then asks for the whole state, and sends no change before it has it.
extension PlacesView {
    /// The most slides of a place the first screen asks for (the page draws 240 a place before "… N more").
    static let firstMost = 10_000
    /// How many places' worth of slides the first screen holds beyond the table's: 200 shelves of 25 made the first
    /// answer 1.3 MB at 50,000 photos, where the rack shows five shelves at first.
    static let firstBeyondTable = 3

    /// The state with each place's first `first` slides (and their photos) and its size.
    func writeFirst(_ project: Project, history: History, first: Int, to json: inout JSONWriter) {
        var photos = Set<PhotoID>()
        json.object { json in
            Self.head(project, revision, history, &json)
            json.key("partial")
            json.bool(true)
            json.key("places")
            json.array { json in
                var room = first * Self.firstBeyondTable
                for row in rows {
                    let ids =
                        row.kind == "table" ? Array(row.ids.prefix(first)) : Array(row.ids.prefix(min(first, room)))
                    if row.kind != "table" { room -= ids.count }
                    photos.formUnion(ids)
                    json.object { json in
                        Self.name(row, &json)
                        json.key("ids")
                        json.strings(ids)
                        json.key("count")
                        json.int(row.ids.count)
                    }
                }
            }
            json.key("photos")
            json.object { json in
                for id in photos.sorted() { if let photo = project.photos[id] { Self.photo(id, photo, &json) } }
            }
        }
    }
}

extension LightTable {
    /// The first screen's state as JSON: each place's first `first` slides (1–`PlacesView.firstMost`).
    func firstScreen(_ first: Int, _ language: Language) throws -> [UInt8] {
        let (_, project) = try loaded()
        var json = JSONWriter(capacity: min(project.photos.count, first * 8) * 200 + 4096)
        memory.view(of: project).writeFirst(project, history: try history(project, language), first: first, to: &json)
        return json.bytes
    }

    /// Reads the open project and makes its places' view and its history's names, so that the page's first answer
    /// finds them made (when no project is open, nothing).
    func warm() {
        guard let project = try? loaded().1 else { return }
        _ = memory.view(of: project)
        _ = try? history(project, .english)
    }

    /// `?first=N` of a state request: nil when absent; refused in words when it is not 1–`PlacesView.firstMost`.
    static func first(_ request: Request) throws -> Int? {
        guard let given = request.uri.queryParameters["first"] else { return nil }
        guard given.count <= 6, let n = Int(given), (1...PlacesView.firstMost).contains(n) else {
            throw HTTPFailure(
                status: .badRequest, message: "first must be a number of slides from 1 to \(PlacesView.firstMost)")
        }
        return n
    }
}
