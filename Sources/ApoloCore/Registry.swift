/// The one list of apolo's commands: edits (with examples run as tests) and the others.
public enum Registry {
    /// Every command that changes a project through `apply`.
    public static let edits: [any Edit.Type] = [
        AddPhotos.self, Relink.self,
        ShelfCreate.self, ShelfRename.self, ShelfDelete.self, ShelfMove.self,
        SlideMove.self, SlideSwap.self, SlideDiscard.self, SlideRestore.self,
        Rate.self, Label.self, TagAdd.self, TagRemove.self, MetaSet.self, TimeShift.self, TimeMatch.self,
        FilterInto.self,
        StackSplit.self, StackMerge.self, StackKeep.self, StackAuto.self,
        AlbumCompress.self, AlbumMove.self, AlbumSwap.self, AlbumReopen.self, AlbumDiscard.self,
        ShareCreate.self, ShareRevoke.self,
        PeopleGroup.self, PersonNameEdit.self, PersonMerge.self, PersonSplit.self, PersonForget.self
    ]

    /// Commands that read, manage documents or write files.
    public static let others: [CommandSpec] = [
        .projectNew, .projectOpen, .projectList, .projectShow, .projectSaveAs, .projectRename, .projectCheck,
        .projectDiscard, .table, .shelfList, .shelfShow, .albumList, .albumShow, .slideShow, .tagList, .stackList,
        .stackShow,
        .analyze, .export, .commands, .sheet, .view, .cacheStats, .cacheClear, .cacheRebuild, .run, .undo, .redo,
        .history, .serve, .ingest, .templateNew, .templateEdit, .templateShow, .templateList, .templateApply,
        .shareList, .shareShow, .sharePicks, .peopleList
    ]

    /// Every command's spec, sorted by name.
    public static var all: [CommandSpec] {
        (edits.map { $0.spec } + others).sorted { $0.name < $1.name }
    }

    /// The examples of an edit, as help text.
    public static func examplesText(_ edit: any Edit.Type) -> String {
        let lines = edit.examples.filter { $0.error == nil }.map { "  apolo \($0.line)" }
        return lines.isEmpty ? "" : "Examples:\n" + lines.joined(separator: "\n")
    }
}

/// The registry entries of the commands that are not edits, by name (typed, so a typo does not compile).
extension CommandSpec {
    public static let peopleList = CommandSpec(
        "people list", "List the people in the project: each person's number, name, faces and photos", kind: .query)
    public static let ingest = CommandSpec(
        "ingest", "Copy cards to a destination and backups, each copy read back and verified; then import",
        kind: .effect)
    public static let shareList = CommandSpec(
        "share list", "List shares: their links, photos, reviewers and picks", kind: .query)
    public static let shareShow = CommandSpec(
        "share show", "Show a share: its link, settings and each reviewer's picks and comments", kind: .query)
    public static let sharePicks = CommandSpec(
        "share picks",
        "List the photos reviewers hearted (--names: file names one a line, for Lightroom's text filter)", kind: .query)
    public static let templateNew = CommandSpec(
        "template new",
        "Make a metadata template (IPTC fields and keywords)", kind: .project)
    public static let templateEdit = CommandSpec(
        "template edit", "Change a metadata template's fields", kind: .project)
    public static let templateShow = CommandSpec(
        "template show", "Show a metadata template", kind: .project)
    public static let templateList = CommandSpec(
        "template list", "List metadata templates",
        kind: .project)
    public static let templateApply = CommandSpec(
        "template apply", "Apply a metadata template's fields and keywords to photos (one step)", kind: .edit)
    public static let projectNew = CommandSpec(
        "project new", "Create a project and open it", kind: .project)
    public static let projectOpen = CommandSpec(
        "project open", "Open a project (created when it does not exist yet)", kind: .project)
    public static let projectList = CommandSpec(
        "project list", "List projects; * marks the open one", kind: .project)
    public static let projectShow = CommandSpec(
        "project show", "Summarise a project (--json prints its whole document)",
        kind: .project)
    public static let projectSaveAs = CommandSpec(
        "project save-as", "Copy the open project under a new name and open the copy",
        kind: .project)
    public static let projectRename = CommandSpec(
        "project rename", "Rename a project", kind: .project)
    public static let projectCheck = CommandSpec(
        "project check", "Report every problem of a project document; --repair fixes the safe ones after a backup",
        kind: .project)
    public static let projectDiscard = CommandSpec(
        "project discard", "Delete a project document (not the open one; photos are untouched)", kind: .project)
    public static let table = CommandSpec(
        "table", "List the table: imported slides on no shelf, in capture order",
        kind: .query)
    public static let shelfList = CommandSpec(
        "shelf list", "List shelves with their slide counts", kind: .query)
    public static let shelfShow = CommandSpec(
        "shelf show", "List a shelf's slides in order", kind: .query)
    public static let albumList = CommandSpec(
        "album list", "List albums with their slide counts", kind: .query)
    public static let albumShow = CommandSpec(
        "album show", "List an album's slides in order", kind: .query)
    public static let slideShow = CommandSpec(
        "slide show", "Show a photo's facts, tags, rating and places", kind: .query)
    public static let stackShow = CommandSpec(
        "stack show", "Show a stack as a group shot: each person's eyes and focus in each frame, and the best frame",
        kind: .query)
    public static let stackList = CommandSpec(
        "stack list", "List the stacks (bursts of look-alike photos) with their suggested frame", kind: .query)
    public static let analyze = CommandSpec(
        "analyze", "Measure sharpness, clipping, look-alikes and faces of the photos (cached) and stack bursts",
        kind: .effect)
    public static let tagList = CommandSpec(
        "tag list", "List every tag in use with its count", kind: .query)
    public static let export = CommandSpec(
        "export", "Copy album photos in album order into DIR/PROJECT/, numbered", kind: .effect)
    public static let commands = CommandSpec(
        "commands", "List every command in the registry", kind: .query)
    public static let sheet = CommandSpec(
        "sheet", "Draw a contact sheet PNG of a place or the whole project", kind: .effect)
    public static let view = CommandSpec(
        "view", "Write an upright preview of a photo and open it (or print its path)",
        kind: .effect)
    public static let cacheStats = CommandSpec(
        "cache stats", "Show what the metadata and thumbnail cache holds", kind: .effect)
    public static let cacheClear = CommandSpec(
        "cache clear", "Delete the cache (derived data only; no work is lost)", kind: .effect)
    public static let cacheRebuild = CommandSpec(
        "cache rebuild", "Clear the cache and rebuild it from every project's originals", kind: .effect
    )
    public static let run = CommandSpec(
        "run", "Run a script of edits atomically: all apply, or none", kind: .history)
    public static let undo = CommandSpec(
        "undo", "Undo the last N changes to the open project (files on disk are not touched)",
        kind: .history)
    public static let redo = CommandSpec("redo", "Redo the last N undone changes", kind: .history)
    public static let serve = CommandSpec(
        "serve", "Show the light table in the browser: see, drag, cull and sequence", kind: .effect)
    public static let history = CommandSpec(
        "history", "List the recorded changes; * marks the current state", kind: .history)
}
