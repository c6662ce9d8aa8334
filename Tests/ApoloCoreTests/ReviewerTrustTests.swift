@testable import ApoloCore
import Testing

/// What an attacker holding a share's link can do to reviewers' names and to the picks log (which acts still
/// count: what compaction keeps).
@Suite struct ReviewerTrustTests {
    static let share = ShareTests.share
    static let bo = Share.newToken()

    static func act(
        _ name: String, reviewer: String = ShareTests.ana, _ kind: ReviewAct.Kind = .pick,
        photo: String? = ShareTests.ids[0], text: String? = nil
    ) -> ReviewAct {
        ReviewAct(
            share: 1, reviewer: reviewer, name: name, act: kind, photo: photo, text: text,
            at: "2024-05-02T10:00:00Z")
    }

    @Test func aNameWithNothingVisibleOrAForbiddenCharacterIsRefused() {
        let reviews = Reviews()
        for name in [
            "\u{200D}", "\u{00AD}\u{200B}", "\u{E0041}\u{E0042}", "\u{FEFF}", "\u{202E}\u{2066}",
            "Ana\u{FFFE}", "Ana\u{FFFF}", "Ana\u{1}", "   ", "-"
        ] {
            #expect(throws: CoreError.self, "\(name.unicodeScalars.map { String($0.value, radix: 16) })") {
                try reviews.accept(Self.act(name), on: Self.share)
            }
        }
    }

    @Test func invisibleCharactersAndCompatibilityLookAlikesFold() throws {
        let reviews = Reviews()
        let cases = [
            "A\u{00AD}na": "Ana", "An\u{200B}a\u{200D}": "Ana", "Ａｎａ": "Ana", "Ana\u{E0041}": "Ana",
            "\u{202E}Ana\u{2069}": "Ana", "Ana\u{2060}\u{2064}": "Ana", " Ana\u{00A0}\u{3000}Luz ": "Ana Luz",
            "José": "José", "李": "李", "007": "007"
        ]
        for (typed, shown) in cases {
            #expect(try reviews.accept(Self.act(typed), on: Self.share)?.name == shown, "\(typed.debugDescription)")
        }
    }

    @Test func reviewersWhoseNamesLookAlikeAreListedOnceEachAndToldApart() {
        let keys = (0..<3).map { _ in Share.newToken() }.sorted()
        var reviews = Reviews()
        for (key, name) in zip(keys, ["Ana", "Ａｎａ\u{200B}", "\u{0410}na"]) {
            reviews.add(Self.act(name, reviewer: key))
            reviews.add(Self.act(name, reviewer: key, photo: ShareTests.ids[1]))
        }
        reviews.add(Self.act("Bo", reviewer: Share.newToken()))
        let labels = reviews.of(1).map(\.label)
        #expect(labels == ["Ana", "Ana (2)", "\u{0410}na (3)", "Bo"], "\(labels)")
        #expect(Set(reviews.of(1).map(\.reviewer)).count == 4, "each reviewer once")
    }

    @Test func aShareTakesABoundedNumberOfReviewers() throws {
        var reviews = Reviews()
        for _ in 0..<Reviews.maxReviewers { reviews.add(Self.act("Ana", reviewer: Share.newToken())) }
        let eve = Self.act("Eve", reviewer: Share.newToken())
        #expect(throws: CoreError.self) { try reviews.accept(eve, on: Self.share) }
        let known = try #require(reviews.of(1).first?.reviewer)
        #expect(
            try reviews.accept(Self.act("Ana", reviewer: known, photo: ShareTests.ids[1]), on: Self.share) != nil,
            "a reviewer already there still acts")
    }

    static func live(_ who: String, _ name: String, _ kind: ReviewAct.Kind, _ photo: Int?, _ text: String? = nil)
        -> ReviewAct
    {
        ReviewAct(
            share: 1, reviewer: who, name: name, act: kind, photo: photo.map { ShareTests.ids[$0] }, text: text,
            at: "2024-05-02T10:00:00Z")
    }

    @Test func aCommentSavedOverAndOverLeavesOneLineAndTheFoldIsTheSame() {
        var acts = (0..<1_000).map { Self.live(ShareTests.ana, "Ana", .comment, 0, "take \($0)") }
        acts += [
            Self.live(ShareTests.ana, "Ana L", .pick, 1), Self.live(ShareTests.ana, "Ana", .pick, 2),
            Self.live(ShareTests.ana, "Ana", .unpick, 1), Self.live(ShareTests.ana, "Ana", .pick, 1),
            Self.live(Self.bo, "Bo", .pick, 0), Self.live(Self.bo, "Bo", .unpick, 0),
            Self.live(ShareTests.ana, "Ana", .comment, 2, "x"), Self.live(ShareTests.ana, "Ana", .comment, 2, ""),
            Self.live(ShareTests.ana, "Ana", .submit, nil)
        ]
        let live = Reviews.live(acts)
        #expect(live.count == 5, "the last comment, two hearts, sending, and Bo's last act: \(live.count)")
        #expect(Reviews(live) == Reviews(acts))
        #expect(Reviews(live).review(1, ShareTests.ana)?.picks == [ShareTests.ids[2], ShareTests.ids[1]])
        #expect(Reviews(live).review(1, Self.bo) != nil, "a reviewer with nothing left is still listed")
        #expect(Reviews.live(live) == live, "what is live stays live")
    }
}
