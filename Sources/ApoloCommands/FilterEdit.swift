import ApoloCore
import ArgumentParser

/// The criteria and target of `apolo filter`, shared by the CLI's listing and the edit that fills a shelf.
public struct FilterOptions: ParsableArguments {
    /// The help text of `apolo filter`.
    public static let discussion =
        prose(
            """
            Looks at every shelf by default (--from). Several --tag mean all of them, unless --any-tag.
            With no criterion it lists every slide in scope. Results come in place order, each photo once.
            --new-shelf / --into add the photos as references (no file copies), skipping ones already there.

            """) + Registry.examplesText(FilterInto.self)

    @Option(help: "A tag the photo must carry (repeat for several).") var tag: [String] = []
    @Flag(help: "Match photos with any of the tags, not all.") var anyTag = false
    @Option(help: "Exactly N stars (0 = unrated).") var rating: Int?
    @Option(help: "At least N stars.") var minRating: Int?
    @Flag(help: "Only unrated photos (the same as --rating 0).") var unrated = false
    @Option(help: "A tag the photo must not carry (repeat for several).") var withoutTag: [String] = []
    @Option(help: "Colour label: red, yellow, green, blue or purple.") var label: String?
    @Flag(help: "Only photos measured blurry (see apolo analyze).") var blurry = false
    @Flag(help: "Only photos measured sharp.") var sharp = false
    @Flag(help: "Only photos with clipped highlights or crushed shadows.") var clipped = false
    @Flag(help: "Only the suggested frame of each stack (and photos in no stack).") var stackBest = false
    @Flag(help: "Only photos with at least one face.") var faces = false
    @Flag(help: "Only photos where some face's eyes are closed.") var closedEyes = false
    @Option(help: "Only photos this person is in (their number in apolo people, or their name).") var person: String?
    @Option(help: "Only photos this person is not in (repeat for several).") var without: [String] = []
    @Option(
        help: ArgumentHelp("Only photos with N faces found, or N or more with N+ (5+: a group).", valueName: "N|N+"))
    var people: String?
    @Flag(help: "Only photos a client hearted through a share (see apolo share).") var picked = false
    @Option(help: "Only photos this reviewer hearted (their name, any case).") var pickedBy: String?
    @Flag(help: "Only photos a client commented on.") var commented = false
    @Option(help: "Camera make or model contains TEXT (any case).") var camera: String?
    @Option(help: "Lens model contains TEXT (any case).") var lens: String?
    @Option(help: "Every word is in the title, headline, caption, another IPTC field, a tag or the file name.")
    var text: String?
    @Option(help: "Capture date FROM..TO, either end optional (2024-06-01..2024-06-30, 2024.., ..2023-12, 2024-06).")
    var date: String?
    @Option(help: "File format: jpeg, png, tiff, webp, heic, avif or raw.") var format: String?
    @Option(help: "Where to look: shelves, albums, table or all.") var from: String = "shelves"
    @Option(help: "Put the matches on a new shelf with this name.") var newShelf: String?
    @Option(help: "Append the matches to this existing shelf.", completion: Completions.shelves) var into: String?

    public init() {}

    public func validate() throws {
        if [rating != nil, minRating != nil, unrated].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --rating, --min-rating and --unrated")
        }
        if let date {
            do { _ = try FilterCriteria.DateRange(date) } catch let error as CoreError {
                throw ValidationError("--date: \(error.message)")
            }
        }
        if let format, !FilterCriteria.formats.contains(format.lowercased()) {
            throw ValidationError("--format must be one of: \(FilterCriteria.formats.joined(separator: ", "))")
        }
        if blurry && sharp { throw ValidationError("give either --blurry or --sharp, not both") }
        if let people, FilterCriteria.Faces(people) == nil {
            throw ValidationError("--people takes a count of faces, 1–999: 2 (exactly two) or 5+ (five or more)")
        }
        if let label, ColourLabel(word: label) == nil {
            throw ValidationError("--label must be one of: red, yellow, green, blue, purple")
        }
        if newShelf != nil && into != nil { throw ValidationError("give either --new-shelf or --into, not both") }
        if FilterCriteria.Scope(rawValue: from) == nil {
            let scopes = FilterCriteria.Scope.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--from must be one of: \(scopes)")
        }
    }

    /// What a photo must be to match.
    public var criteria: FilterCriteria {
        let stars: FilterCriteria.Rating? =
            unrated
            ? .exactly(0)
            : rating.map { .exactly($0) } ?? minRating.map { .atLeast($0) }
        var criteria = FilterCriteria(
            tags: tag, anyTag: anyTag, rating: stars,
            scope: FilterCriteria.Scope(rawValue: from) ?? .shelves)
        (criteria.camera, criteria.lens, criteria.format) = (camera, lens, format?.lowercased())
        criteria.withoutTags = withoutTag
        criteria.text = text.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 }
        criteria.label = label.flatMap(ColourLabel.init(word:))
        criteria.sharp = blurry ? false : sharp ? true : nil
        (criteria.clipped, criteria.stackBest) = (clipped, stackBest)
        (criteria.faces, criteria.closedEyes) = (faces, closedEyes)
        (criteria.person, criteria.withoutPersons) = (person, without)
        criteria.faceCount = people.flatMap(FilterCriteria.Faces.init)
        (criteria.picked, criteria.pickedBy, criteria.commented) = (picked, pickedBy, commented)
        criteria.dates = date.flatMap { try? FilterCriteria.DateRange($0) }
        return criteria
    }

    /// The shelf the matches go to; nil for a listing.
    public var target: FilterInto.Target? {
        newShelf.map(FilterInto.Target.newShelf) ?? into.map(FilterInto.Target.into)
    }
}

/// `filter … --new-shelf NAME | --into NAME`: the matches onto a shelf (a listing changes nothing, so it is no edit).
public struct FilterEditCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "filter", abstract: FilterInto.spec.summary,
        discussion: FilterOptions.discussion)
    @OptionGroup var options: FilterOptions

    public init() {}

    public func edit() throws -> any Edit {
        guard let target = options.target else {
            throw CommandWordsError.invalid("filter without --new-shelf or --into only lists; it changes nothing")
        }
        return FilterInto(options.criteria, target)
    }
}
