import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The reviews gathered on the open project's shares, for the owner's page.
extension SharesConcern {
    /// Clients' hearts and comments on the open project's photos, for the owner's frames:
    /// `{photos: {ID: {h: [names], c: [[name, text]]}}, shares: [{number, title, reviewers, sent}]}`.
    func reviewsState() throws -> Response {
        let (name, project) = try loaded()
        let reviews = try reviewing.book(engine.store, name).reviews()
        var photos: [String: ReviewMarks] = [:], shares: [ShareSummary] = []
        for share in project.sharing {
            let all = reviews.of(share.number)
            shares.append(
                ShareSummary(
                    number: share.number, title: share.title, reviewers: all.count,
                    sent: all.filter { $0.submitted != nil }.map(\.label)))
            for review in all {
                for id in review.picks { photos[id, default: ReviewMarks()].h.append(review.label) }
                for (id, text) in review.comments { photos[id, default: ReviewMarks()].c.append([review.label, text]) }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return LightTable.json(bytes: Array(try encoder.encode(ReviewsState(photos: photos, shares: shares))))
    }

    struct ReviewMarks: Encodable {
        var h: [String] = []
        var c: [[String]] = []
    }

    struct ShareSummary: Encodable {
        let number: Int
        let title: String
        let reviewers: Int
        let sent: [String]
    }

    struct ReviewsState: Encodable {
        let photos: [String: ReviewMarks]
        let shares: [ShareSummary]
    }
}
