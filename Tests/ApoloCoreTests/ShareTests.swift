@testable import ApoloCore
import Testing

/// Shares and reviewers' acts: what a reviewer may do, and how their acts fold into picks.
@Suite struct ShareTests {
    static let ids = ["a", "b", "c"].map { String(repeating: $0, count: 64) }
    static let share = Share(
        number: 1, title: "Proofs", source: "best", photos: ids, token: Share.newToken(),
        created: "2024-05-01T10:00:00Z", expires: "2024-05-15T10:00:00Z", maxPicks: 2)
    static let ana = Share.newToken()

    static func act(
        _ kind: ReviewAct.Kind, _ photo: Int? = nil, text: String? = nil,
        at: String = "2024-05-02T10:00:00Z"
    ) -> ReviewAct {
        ReviewAct(share: 1, reviewer: ana, name: " Ana ", act: kind, photo: photo.map { ids[$0] }, text: text, at: at)
    }

    @Test func hearts_aLimit_andSendingLockThePicks() throws {
        var reviews = Reviews()
        for photo in [0, 1] { try reviews.accept(Self.act(.pick, photo), on: Self.share).map { reviews.add($0) } }
        #expect(try reviews.accept(Self.act(.pick, 0), on: Self.share) == nil, "a heart given twice changes nothing")
        #expect(throws: CoreError.self) { try reviews.accept(Self.act(.pick, 2), on: Self.share) }
        try reviews.accept(Self.act(.unpick, 0), on: Self.share).map { reviews.add($0) }
        try reviews.accept(Self.act(.pick, 2), on: Self.share).map { reviews.add($0) }
        #expect(reviews.review(1, Self.ana)?.picks == [Self.ids[1], Self.ids[2]])
        #expect(reviews.review(1, Self.ana)?.name == "Ana", "the name as given, trimmed")
        try reviews.accept(Self.act(.submit), on: Self.share).map { reviews.add($0) }
        #expect(throws: CoreError.self) { try reviews.accept(Self.act(.unpick, 1), on: Self.share) }
    }

    @Test func aClosedLinkAPhotoNotSharedAndABadNameAreRefused() {
        let reviews = Reviews()
        let late = Self.act(.pick, 0, at: "2024-06-01T00:00:00Z")
        #expect(throws: CoreError.self) { try reviews.accept(late, on: Self.share) }
        var revoked = Self.share
        revoked.revoked = "2024-05-02T00:00:00Z"
        #expect(throws: CoreError.self) { try reviews.accept(Self.act(.pick, 0), on: revoked) }
        var other = Self.act(.pick)
        other.photo = String(repeating: "d", count: 64)
        #expect(throws: CoreError.self) { try reviews.accept(other, on: Self.share) }
        var nameless = Self.act(.pick, 0)
        nameless.name = "Ana\u{7}"
        #expect(throws: CoreError.self) { try reviews.accept(nameless, on: Self.share) }
        var quiet = Self.share
        quiet.comments = false
        #expect(throws: CoreError.self) { try reviews.accept(Self.act(.comment, 0, text: "hi"), on: quiet) }
    }

    @Test func tokensAreLongRandomAndCheckedAndTheRulesHoldOnLoad() throws {
        let tokens = Set((0..<100).map { _ in Share.newToken() })
        #expect(tokens.count == 100 && tokens.allSatisfy(Share.isToken))
        #expect(!Share.isToken("short") && !Share.isToken(String(repeating: "/", count: 32)))
        var project = try Sketch.project("table: | best: a b")
        project.sharing = [Self.share, Self.share]
        let problems = try ProjectCheck.problems(in: project)
        #expect(problems.contains { $0.contains("used twice") } && problems.contains { $0.contains("link token") })
    }

    @Test func aShareIsMadeOfTheShelfAsItIsAndNumberedOnwards() throws {
        var project = try Sketch.project("table: | best: b a")
        _ = try ShareCreate("best", share: ShareCreate.draft("One")).apply(to: &project)
        var second = ShareCreate.draft("Two")
        second.token = Share.newToken()
        _ = try ShareCreate("BEST", share: second).apply(to: &project)
        #expect(project.sharing.map(\.number) == [1, 2])
        #expect(project.sharing[0].photos == project.shelves[0].slides && project.sharing[0].source == "best")
        #expect(try project.requireShare("two").number == 2 && project.requireShare("#1").title == "One")
        _ = try ShareRevoke("1", at: "2024-05-03T00:00:00Z").apply(to: &project)
        #expect(!project.sharing[0].opens(at: "2024-05-03T00:00:01Z"))
        #expect(project.sharing[1].opens(at: "2030-01-01T00:00:00Z"))
    }
}
