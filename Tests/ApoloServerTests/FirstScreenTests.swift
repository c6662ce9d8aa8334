import ApoloCore
import ApoloEngine
@testable import ApoloServer
import Foundation
import Testing

/// The first screen before the rest: `GET /api/state?first=N` holds each place's first N slides, their photos and
/// the place's size; a number of slides outside 1–10,000 is refused in words.
extension LightTableTests {
    @Test func theFirstScreenHoldsEachPlacesStartItsPhotosAndItsSize() async throws {
        _ = try table.engine.apply([Change(ShelfCreate(name: "picks"))], command: "apolo shelf create picks")
        _ = try table.engine.apply([Change(SlideMove("table:1", to: "picks"))], command: "apolo slide move")
        try await serve { send in
            let (status, body) = try await send(.get, "/api/state?first=2")
            #expect(status == .ok)
            let answer = try #require(body)
            #expect(answer["partial"] as? Bool == true)
            let places = try #require(answer["places"] as? [[String: Any]])
            let table = try #require(places.first { $0["kind"] as? String == "table" })
            let picks = try #require(places.first { $0["name"] as? String == "picks" })
            #expect((table["ids"] as? [String])?.count == 2 && table["count"] as? Int == 4)
            #expect((picks["ids"] as? [String])?.count == 1 && picks["count"] as? Int == 1)
            let photos = try #require(answer["photos"] as? [String: Any])
            let shown = Set(places.flatMap { $0["ids"] as? [String] ?? [] })
            #expect(Set(photos.keys) == shown, "the photos of the slides sent, and no other")
            let (_, whole) = try await send(.get, "/api/state")
            #expect(whole?["partial"] == nil && (whole?["photos"] as? [String: Any])?.count == 5)
        }
    }

    @Test func placesPastTheFirstScreensRoomHoldTheirSizeAndNoSlideYet() async throws {
        for name in ["a", "b", "c", "d"] {
            _ = try table.engine.apply([Change(ShelfCreate(name: name))], command: "apolo shelf create \(name)")
            _ = try table.engine.apply([Change(SlideMove("table:1", to: name))], command: "apolo slide move")
        }
        try await serve { send in
            let (_, body) = try await send(.get, "/api/state?first=1")
            let places = try #require(body?["places"] as? [[String: Any]])
            let held = places.map {
                ($0["name"] as? String ?? "", ($0["ids"] as? [String])?.count, $0["count"] as? Int)
            }
            let expected: [(String, Int?, Int?)] = [("table", 1, 1), ("a", 1, 1), ("b", 1, 1), ("c", 1, 1), ("d", 0, 1)]
            #expect(held.count == expected.count + 1, "and the discarded tray")
            for (got, want) in zip(held, expected) { #expect(got == want, "three places' worth beyond the table") }
            #expect((body?["photos"] as? [String: Any])?.count == 4)
        }
    }

    @Test(arguments: ["0", "10001", "-1", "two", "99999999999999999999", ""])
    func aFirstScreenOfNoSizeOrTooLargeIsRefusedInWords(_ first: String) async throws {
        try await serve { send in
            let (status, body) = try await send(.get, "/api/state?first=\(first)")
            #expect(status == .badRequest)
            #expect((body?["error"] as? String)?.contains("from 1 to 10000") == true, "\(body ?? [:])")
        }
    }
}
