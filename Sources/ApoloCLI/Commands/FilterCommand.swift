import ApoloCommands
import ApoloCore
import ArgumentParser

/// `apolo filter`: list photos by tag and rating, or drop them onto a shelf.
struct FilterCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter", abstract: FilterInto.spec.summary,
        discussion: FilterOptions.discussion)

    @OptionGroup var options: FilterOptions
    @Flag(
        help: ArgumentHelp(
            "Print JSON: [{position, place, id, file, path, captured, fileTime?, rating, tags, "
                + "label?, stack?, best?, sharpness?, blurry?, clipped?}].")) var json = false

    func run() throws {
        if let target = options.target { return try Runner.edit(FilterInto(options.criteria, target)) }
        let (views, none) = try Runner.read { project in
            var criteria = options.criteria
            let analysis = json || criteria.needsAnalysis ? Runner.analysis(of: project) : nil
            criteria.analysis = analysis
            if criteria.needsReviews { criteria.reviews = try Context.engine.reviews(project: project.name) }
            let views = try project.filter(criteria).compactMap { hit in
                project.photos[hit.id].map {
                    SlideView(
                        position: hit.location.position, place: hit.location.place, photo: $0,
                        analysis: json ? analysis : nil)
                }
            }
            return (views, views.isEmpty && !json ? project.noMatch(criteria).description : "")
        }
        if json { return try Output.json(array: views) }
        if views.isEmpty { return Output.line(none) }
        Output.slides(views, showPlace: true)
        Output.line("\(views.count) match\(views.count == 1 ? "" : "es")")
    }
}
