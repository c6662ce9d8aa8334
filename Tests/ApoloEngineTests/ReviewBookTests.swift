import ApoloCore
import ApoloEngine
@testable import ApoloStore
import Foundation
import Testing

/// The picks log under a reviewer who saves one long comment again and again: it stays near the size of what is
/// live, and every reader (this process's book, another's, the command line) sees the same reviews.
@Suite struct ReviewBookTests {
    let scratch = Scratch("apolo-book")
    var root: String { scratch.path }
    static let ids = (1...3).map { String(repeating: "\($0)", count: 64) }
    static let share = Share(
        number: 1, title: "Proofs", source: "best", photos: ids, token: Share.newToken(),
        created: "2024-05-01T10:00:00Z")

    static func act(_ who: String, _ kind: ReviewAct.Kind, _ photo: Int, text: String? = nil) -> ReviewAct {
        ReviewAct(
            share: 1, reviewer: who, name: "Ana", act: kind, photo: ids[photo], text: text,
            at: "2024-05-02T10:00:00Z")
    }

    func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func aCommentSavedThousandsOfTimesLeavesALogOfWhatIsLive() throws {
        let store = ProjectStore(home: Home(root: root), lockTimeout: 1)
        _ = try store.create("trip")
        let (writer, other) = (ReviewBook(store: store, project: "trip"), ReviewBook(store: store, project: "trip"))
        let (ana, bo) = (Share.newToken(), Share.newToken())
        _ = try writer.record(Self.act(bo, .pick, 2), on: Self.share)
        #expect(try other.reviews().review(1, bo)?.picks == [Self.ids[2]], "the other book read the log once")
        let long = String(repeating: "é", count: 990)
        for n in 0..<3_000 {
            _ = try writer.record(Self.act(ana, .comment, n % 2, text: "\(n) \(long)"), on: Self.share)
        }
        _ = try writer.record(Self.act(ana, .pick, 1), on: Self.share)
        let path = store.picks("trip").path
        #expect(size(path) < 3 * 1_024 * 1_024, "3,000 comments of 2 KB: \(size(path)) bytes (6 MB without compaction)")
        let whole = try Engine(store: store).reviews(project: "trip")
        #expect(try other.reviews() == whole, "a book that read before the compaction reads the new file whole")
        #expect(try writer.reviews() == whole)
        #expect(whole.review(1, ana)?.comments[Self.ids[0]]?.hasPrefix("2998 ") == true)
        #expect(whole.review(1, ana)?.picks == [Self.ids[1]] && whole.review(1, bo)?.picks == [Self.ids[2]])
    }

    @Test func aLogReplacedByALongerOneIsReadWholeNotFromTheOldEnd() throws {
        let store = ProjectStore(home: Home(root: root), lockTimeout: 1)
        _ = try store.create("trip")
        let book = ReviewBook(store: store, project: "trip")
        let (ana, bo) = (Share.newToken(), Share.newToken())
        _ = try book.record(Self.act(ana, .pick, 0), on: Self.share)
        #expect(try book.reviews().review(1, ana)?.picks == [Self.ids[0]])
        let elsewhere = ProjectStore(home: Home(root: root + "/elsewhere"), lockTimeout: 1)
        _ = try elsewhere.create("trip")
        let replacement = ReviewBook(store: elsewhere, project: "trip")
        for photo in [1, 2] { _ = try replacement.record(Self.act(bo, .pick, photo), on: Self.share) }
        try FileManager.default.removeItem(atPath: store.picks("trip").path)
        try FileManager.default.copyItem(atPath: elsewhere.picks("trip").path, toPath: store.picks("trip").path)
        let now = try book.reviews()
        #expect(now.review(1, ana) == nil && now.review(1, bo)?.picks == [Self.ids[1], Self.ids[2]], "read whole")
    }

    /// A log of `live` bytes of comments that all count, then `dead` saves of one comment over and over.
    func fill(_ store: ProjectStore, live: Int, dead: Int) throws {
        let long = String(repeating: "é", count: 990)
        var bytes: [UInt8] = [], reviewers: [String] = [], n = 0
        while bytes.count < live {
            if n % 3 == 0 { reviewers.append(Share.newToken()) }
            let act = ReviewAct(
                share: 2 + reviewers.count / 500, reviewer: reviewers[reviewers.count - 1], name: "R",
                act: .comment, photo: Self.ids[n % 3], text: long, at: "2024-05-02T10:00:00Z")
            bytes += ShareLog.line(act).utf8
            n += 1
        }
        for take in 0..<dead {
            bytes += ShareLog.line(Self.act(reviewers[0], .comment, 0, text: "\(take) \(long)")).utf8
        }
        try Data(bytes).write(to: URL(fileURLWithPath: store.picks("trip").path))
    }

    @Test func aFullLogMakesRoomByDroppingDeadLinesElseRefusesInWords() throws {
        let store = ProjectStore(home: Home(root: root), lockTimeout: 1)
        _ = try store.create("trip")
        try fill(store, live: ShareLog.maxSize - 400_000, dead: 200)
        let ana = Share.newToken()
        #expect(try ReviewBook(store: store, project: "trip").record(Self.act(ana, .pick, 0), on: Self.share) != nil)
        #expect(size(store.picks("trip").path) < ShareLog.maxSize - 300_000, "the dead saves were dropped")
        try fill(store, live: ShareLog.maxSize - 100, dead: 0)
        do {
            _ = try ReviewBook(store: store, project: "trip").record(Self.act(ana, .pick, 0), on: Self.share)
            Issue.record("an act past the log's bound was taken")
        } catch let error as CoreError {
            #expect(error.said.key == "review.logFull" && error.message.contains("full"), "\(error.message)")
        }
    }
}
