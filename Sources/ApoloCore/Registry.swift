/// The one list of apolo's commands: edits (with examples run as tests) and the others.
public enum Registry {
    /// Every command that changes a project through `apply`.
    public static let edits: [any Edit.Type] = [
        AddPhotos.self,
        ShelfCreate.self, ShelfRename.self, ShelfDelete.self, ShelfMove.self,
        SlideMove.self, SlideSwap.self, SlideDiscard.self, SlideRestore.self,
        Rate.self, TagAdd.self, TagRemove.self, FilterInto.self,
        AlbumCompress.self, AlbumMove.self, AlbumSwap.self, AlbumReopen.self, AlbumDiscard.self,
    ]

    /// Commands that read, manage documents or write files.
    public static let others: [CommandSpec] = [
        CommandSpec("project new", "project new NAME", "Create a project and open it", kind: .project),
        CommandSpec("project open", "project open NAME", "Open a project (created when it does not exist yet)", kind: .project),
        CommandSpec("project list", "project list [--json]", "List projects; * marks the open one", kind: .project),
        CommandSpec("project show", "project show [NAME] [--json]", "Summarise a project (--json prints its whole document)", kind: .project),
        CommandSpec("project save-as", "project save-as NAME", "Copy the open project under a new name and open the copy", kind: .project),
        CommandSpec("project rename", "project rename OLD NEW", "Rename a project", kind: .project),
        CommandSpec("project check", "project check [NAME] [--repair]", "Report every problem of a project document; --repair fixes the safe ones after a backup", kind: .project),
        CommandSpec("project discard", "project discard NAME [--yes]", "Delete a project document (not the open one; photos are untouched)", kind: .project),
        CommandSpec("table", "table [--discarded] [--json]", "List the table: imported slides on no shelf, in capture order", kind: .query),
        CommandSpec("shelf list", "shelf list [--json]", "List shelves with their slide counts", kind: .query),
        CommandSpec("shelf show", "shelf show NAME [--json]", "List a shelf's slides in order", kind: .query),
        CommandSpec("album list", "album list [--json]", "List albums with their slide counts", kind: .query),
        CommandSpec("album show", "album show NAME [--json]", "List an album's slides in order", kind: .query),
        CommandSpec("slide show", "slide show REF [--json]", "Show a photo's facts, tags, rating and places", kind: .query),
        CommandSpec("tag list", "tag list [--json]", "List every tag in use with its count", kind: .query),
        CommandSpec("export", "export [--to DIR] [--force] [--dry-run] [--json]", "Copy album photos in album order into DIR/PROJECT/, numbered", kind: .effect),
        CommandSpec("commands", "commands [--json]", "List every command in the registry", kind: .query),
        CommandSpec("sheet", "sheet [table | SHELF | ALBUM | --all] [-o FILE.png] [--columns N]", "Draw a contact sheet PNG of a place or the whole project", kind: .effect),
        CommandSpec("view", "view REF [--size PX]", "Write an upright preview of a photo and open it (or print its path)", kind: .effect),
        CommandSpec("cache stats", "cache stats [--json]", "Show what the metadata and thumbnail cache holds", kind: .effect),
        CommandSpec("cache clear", "cache clear", "Delete the cache (derived data only; no work is lost)", kind: .effect),
        CommandSpec("cache rebuild", "cache rebuild", "Clear the cache and rebuild it from every project's originals", kind: .effect),
        CommandSpec("run", "run FILE|- [--dry-run] [--yes]", "Run a script of edits atomically: all apply, or none", kind: .history),
        CommandSpec("undo", "undo [N]", "Undo the last N changes to the open project (files on disk are not touched)", kind: .history),
        CommandSpec("redo", "redo [N]", "Redo the last N undone changes", kind: .history),
        CommandSpec("history", "history [--json]", "List the recorded changes; * marks the current state", kind: .history),
    ]

    /// Every command's spec, sorted by name.
    public static var all: [CommandSpec] {
        (edits.map { $0.spec } + others).sorted { $0.name < $1.name }
    }

    /// The spec with this name; registry names are fixed, so a missing one is a programming error caught by tests.
    public static func spec(_ name: String) -> CommandSpec {
        all.first { $0.name == name } ?? CommandSpec(name, name, "", kind: .query)
    }

    /// The examples of the edit with this registry name, as help text.
    public static func examplesText(_ name: String) -> String {
        guard let edit = edits.first(where: { $0.spec.name == name }) else { return "" }
        let lines = edit.examples.filter { $0.error == nil }.map { "  apolo \($0.line)" }
        return lines.isEmpty ? "" : "Examples:\n" + lines.joined(separator: "\n")
    }
}
