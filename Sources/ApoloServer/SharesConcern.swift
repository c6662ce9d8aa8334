import ApoloCore
import ApoloEngine
import Hummingbird

/// Shares and their reviewers: a share's page and its link, a reviewer's session (picks, comments, submit) and the
/// shared photos; the reviews gathered, for everyone who may see the light table. It owns the reviewers' sessions,
/// their password attempts and the pace of their acts.
struct SharesConcern: Concern {
    let table: LightTable
    /// Reviewers' sessions, their password attempts, and what they picked.
    let reviewing = Reviewing()

    static let routes: [LightTable.RouteSpec] = [
        .init(method: .get, path: "/api/reviews", access: .viewer),
        .init(method: .get, path: "/s/{share}/", access: .page),
        .init(method: .post, path: "/s/{share}/api/open", access: .link),
        .init(method: .get, path: "/s/{share}/api/state", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/me", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/pick", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/comment", access: .reviewer),
        .init(method: .post, path: "/s/{share}/api/submit", access: .reviewer),
        .init(method: .get, path: "/s/{share}/thumb/{id}", access: .reviewer),
        .init(method: .get, path: "/s/{share}/preview/{id}", access: .reviewer),
        .init(method: .get, path: "/s/{share}/download/{id}", access: .reviewer)
    ]
}
