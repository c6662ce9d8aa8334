import ApoloCore
import ApoloEngine
@testable import ApoloServer
import ApoloStore
import Foundation
import Testing

/// The light table saves a large project's changes as journal lines: the page and any command line see them at
/// once, and the light table's stop writes the document whole.
extension LightTableTests {
    @Test func theLightTablesChangesAreJournaledSeenByEveryLoadAndFoldedWhenItStops() async throws {
        var limits = LightTable.Limits()
        limits.foldSeconds = 3600  // not folded for being idle while this test looks
        let journaling = LightTable(
            engine: Engine(store: store.keepingJournals(from: 0)), token: "secret", hosts: [Self.host], limits: limits)
        let document = store.home.document("trip"), journal = store.home.journal("trip")
        let before = FileManager.default.contents(atPath: document)
        try await serve(journaling) { send in
            for (n, stars) in [(1, "4"), (2, "2")] {
                let (status, _) = try await send(
                    .post, "/api/run", #"{"commands": [["rate", "table:\#(n)", "\#(stars)"]]}"#)
                #expect(status == .ok)
            }
            let (_, state) = try await send(.get, "/api/state")
            let photos = try #require(state?["photos"] as? [String: [String: Any]])
            #expect(photos.values.compactMap { $0["rating"] as? Int }.sorted() == [0, 0, 0, 2, 4])
        }
        let unchanged = FileManager.default.contents(atPath: document) == before
        #expect(unchanged && FileManager.default.fileExists(atPath: journal))
        let loaded = try store.load("trip")  // as a command line loads it
        #expect(loaded.photos.values.map(\.rating).sorted() == [0, 0, 0, 2, 4])
        journaling.foldJournals()
        #expect(!FileManager.default.fileExists(atPath: journal))
        let written = try #require(FileManager.default.contents(atPath: document))
        #expect(String(decoding: written, as: UTF8.self).contains("\"rating\": 4"))
        #expect(try store.load("trip") == loaded)
    }

    @Test func aJournalIsFoldedIntoTheDocumentOnceNoChangeCame() async throws {
        let journaling = LightTable(
            engine: Engine(store: store.keepingJournals(from: 0)), token: "secret", hosts: [Self.host])
        let waiting = Locked<[(Double, @Sendable () -> Void)]>([])
        journaling.memory.later.withLock { $0 = { seconds, work in waiting.withLock { $0.append((seconds, work)) } } }
        let journal = store.home.journal("trip")
        try await serve(journaling) { send in
            for stars in ["5", "4"] {
                let (status, _) = try await send(
                    .post, "/api/run", #"{"commands": [["rate", "table:3", "\#(stars)"]]}"#)
                #expect(status == .ok)
            }
        }
        let version = journaling.version()
        let due = waiting.withLock { $0 }
        #expect(due.map(\.0) == [10, 10], "a fold 10 s after each change")
        due[0].1()  // a change came since: nothing is folded
        #expect(FileManager.default.fileExists(atPath: journal))
        due[1].1()
        #expect(!FileManager.default.fileExists(atPath: journal), "folded once no change came")
        let written = try #require(FileManager.default.contents(atPath: store.home.document("trip")))
        #expect(String(decoding: written, as: UTF8.self).contains("\"rating\": 4"))
        #expect(try store.load("trip").photos.values.contains { $0.rating == 4 })
        #expect(journaling.version() == version, "the page, polling the version, reloads nothing after a fold")
        _ = try Engine(store: store).apply([Change(Rate("table:3", 2))], command: "apolo rate table:3 2")
        #expect(journaling.version() != version, "a change from elsewhere is still seen")
    }
}
