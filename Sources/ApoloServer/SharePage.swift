import ApoloCore

/// The state of a reviewer's page: the share as the reviewer may see it and their own picks, nothing else of the
/// project (no path, no other shelf; file names only when the share shows them).
struct SharePage: Encodable {
    let number: Int
    let title: String
    let photos: [SharedPhoto]
    let maxPicks: Int?
    let comments: Bool
    let download: String
    let names: Bool
    let expires: String?
    let me: Me
    /// The password's proof, answered once the password was given (the browser keeps it for a restart).
    let pass: String?
    /// With `--find-me`: the people in the share's photos, each by their largest face there, and the share's photos
    /// they are in (no name, no number of the project's: `n` counts them in this share only); nil when off.
    var people: [Guest]?

    struct Guest: Encodable {
        let n: Int
        let photo: PhotoID
        let box: [Double]
        let aspect: Double
        let photos: [PhotoID]
    }

    struct SharedPhoto: Encodable {
        let id: PhotoID
        let n: Int
        let file: String?
        let width: Int?
        let height: Int?
    }

    struct Me: Encodable {
        let reviewer: String?
        let name: String?
        let picks: [PhotoID]
        let comments: [String: String]
        let submitted: String?

        init(_ review: Review?, name: String?) {
            (reviewer, self.name, picks) = (review?.reviewer, review?.name ?? name, review?.picks ?? [])
            (comments, submitted) = (review?.comments ?? [:], review?.submitted)
        }
    }

    /// What a reviewer's act answers: their own picks.
    struct Mine: Encodable {
        let me: Me
    }

    init(_ share: Share, _ project: Project, me review: Review?, name: String?, pass: String? = nil) {
        self.pass = pass
        (number, title, maxPicks, comments) = (share.number, share.title, share.maxPicks, share.comments)
        (download, names, expires) = (share.download.rawValue, share.names, share.expires)
        photos = share.photos.enumerated().compactMap { at, id in
            guard let photo = project.photos[id] else { return nil }
            let turned = photo.orientation >= 5
            return SharedPhoto(
                id: id, n: at + 1, file: share.names ? photo.file : nil,
                width: turned ? photo.height : photo.width, height: turned ? photo.width : photo.height)
        }
        me = Me(review, name: name)
    }
}
