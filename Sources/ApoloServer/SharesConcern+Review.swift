import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// Opening a share, what its reviewer sees, and what they do.
extension SharesConcern {
    /// Checks the link's key and password (`Guesses`), then opens a session in a cookie of the share's path.
    func openShare(_ number: Int?, _ body: OpenBody, address: String) throws -> Response {
        let share = try keyed(number, body.token)
        let proof = try share.lock.map { try unlock(share, $0, body, address: address) }
        let reviews = try reviewing.book(engine.store, try loaded().0).reviews()
        let known = body.reviewer.flatMap { reviews.review(share.number, $0) }
        let key = reviewing.open(share, reviewer: known)
        guard let session = reviewing.session(key, share) else { throw closed() }
        var response = try shareState(share, (key, session), proof: proof)
        let path = "/s/\(share.number)/"
        response.setCookie(
            Cookie(
                name: Self.cookie(share.number), value: key, path: path, secure: table.secure,
                httpOnly: true, sameSite: .strict))
        return response
    }

    /// The proof of a locked share's password: the one the browser kept, or the password checked (slowly, and only
    /// as often as `Guesses` lets this address try).
    func unlock(_ share: Share, _ lock: ShareLock, _ body: OpenBody, address: String) throws -> String {
        let proof = Passwords.proof(of: lock, token: share.token)
        if let pass = body.pass, table.same(pass, proof) { return pass }
        guard let password = body.password, !password.isEmpty else {
            throw HTTPFailure(status: .unauthorized, said: Said("review.needsPassword", []))
        }
        let ticket: Guesses.Ticket
        switch reviewing.guesses.reserve(link: share.number, address: address) {
        case .success(let reserved): ticket = reserved
        case .failure(let wait):
            let minutes = Said.number((wait.seconds + 59) / 60)
            var failure = HTTPFailure(status: .tooManyRequests, said: Said("review.tooManyGuesses", minutes))
            failure.retryAfter = wait.seconds
            throw failure
        }
        let right = Passwords.check(password, lock)
        reviewing.guesses.settle(ticket, right: right)
        guard right else { throw HTTPFailure(status: .unauthorized, said: Said("review.wrongPassword", [])) }
        return proof
    }

    /// What the reviewer's page shows: the share's title and settings, its photos in order, and their own picks.
    func shareState(_ share: Share, _ session: Reviewing.Keyed, proof: String? = nil) throws -> Response {
        let (name, project) = try loaded()
        let reviews = try reviewing.book(engine.store, name).reviews()
        let me = session.session.reviewer.flatMap { reviews.review(share.number, $0) }
        var state = SharePage(share, project, me: me, name: session.session.name, pass: proof)
        if share.findMe == true { state.people = guests(share, project) }
        return LightTable.json(bytes: Array(try JSONEncoder().encode(state)))
    }

    /// The people in a share's photos, for guests to find themselves: each grouped person with a face there, by
    /// their largest face among those photos, most photos first.
    func guests(_ share: Share, _ project: Project) -> [SharePage.Guest] {
        let shared = Set(share.photos)
        let signals = engine.signals(of: shared)
        let found = project.everyone.persons.compactMap { person -> (PhotoID, [Double], [PhotoID])? in
            guard let best = person.largestFace(signals, within: shared) else { return nil }
            let theirs = Set(person.faces.compactMap(FaceKey.photo(of:)))
            return (best.photo, best.face.box, share.photos.filter(theirs.contains))
        }
        return found.sorted { $0.2.count > $1.2.count }.enumerated().map { n, guest in
            SharePage.Guest(
                n: n + 1, photo: guest.0, box: guest.1, aspect: AnalysisConcern.aspect(of: project.photos[guest.0]),
                photos: guest.2)
        }
    }

    /// The reviewer's own picks only, `{me}`: what a heart, a comment or sending changes (not the share's photos).
    func reviewerState(_ review: Review?, name: String) throws -> Response {
        LightTable.json(bytes: Array(try JSONEncoder().encode(SharePage.Mine(me: SharePage.Me(review, name: name)))))
    }

    /// Records a reviewer's act through the project's review book; refusals in words.
    func act(
        _ who: (Share, Reviewing.Keyed), _ kind: ReviewAct.Kind, photo: String? = nil,
        text: String? = nil
    ) async throws -> Response {
        let (share, session) = who
        guard let reviewer = session.session.reviewer, let name = session.session.name else {
            throw HTTPFailure(status: .conflict, said: Said("review.nameFirst", []))
        }
        if let photo, !Photo.isValidID(photo) {
            throw HTTPFailure(status: .badRequest, said: Said("review.notShared", []))
        }
        if let seconds = reviewing.rate.take(share: share.number, reviewer: reviewer) {
            var failure = HTTPFailure(status: .tooManyRequests, said: Said("review.slowDown", .number(seconds)))
            failure.retryAfter = seconds
            throw failure
        }
        let act = ReviewAct(
            share: share.number, reviewer: reviewer, name: name, act: kind, photo: photo,
            text: text?.trimmingSpaces, at: Self.now)
        let project = try loaded().0
        // on the reviewers' own threads: a flood of hearts waiting for the log never holds the owner's page back
        let review = try await reviewing.pool.runIfActive {
            try reviewing.book(engine.store, project).record(act, on: share)
        }
        if kind == .submit, let review {  // the hook runs after the answer, on the light table's threads
            Task { try? await blocking { submitted(share, review, project: project) } }
        }
        return try reviewerState(review, name: name)
    }

    /// Tells the photographer: the `post-submit` hook, with the share and the reviewer's picks by file name.
    private func submitted(_ share: Share, _ review: Review, project: String) {
        guard let hooks, let photos = try? loaded().1.photos else { return }
        let files = review.picks.map { photos[$0]?.file ?? $0 }
        try? hooks.run(
            "post-submit", project: project,
            SubmitEvent(
                share: share.number, title: share.title,
                reviewer: review.name, picks: files))
    }

    struct SubmitEvent: Encodable {
        let share: Int
        let title: String
        let reviewer: String
        let picks: [String]
    }
}
