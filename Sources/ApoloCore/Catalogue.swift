/// apolo's own messages in every language it speaks: what a change did and why one was refused, for the command
/// line and for the light table (whose messages and History come from here, in the page's language, never matched
/// as strings). A template fills `{0}` … `{9}` with its arguments; a count's key has a `.one` and an `.other` form.
/// An entry is the command line's text and, when the page says it otherwise (its keys and buttons, not commands),
/// the page's.
public enum Catalogue {
    /// Who reads a message: the command line names commands, the page its keys and buttons.
    public enum Reader: Sendable { case commandLine, page }

    typealias Entry = (line: String, page: String?)

    /// The template of `key` in `language` for `reader`, or nil when the catalogue lacks it.
    public static func template(_ key: String, _ language: Language, _ reader: Reader) -> String? {
        let entry =
            (language == .spanish ? spanish : english)[key] ?? fields(language)[key]
            ?? shares(language)[key] ?? judgements(language)[key] ?? people(language)[key]
        return reader == .page ? entry?.page ?? entry?.line : entry?.line
    }

    /// Every key, in English: a test checks each language has them all, with the same placeholders.
    public static var keys: [String] {
        Array(english.keys) + Array(fields(.english).keys) + Array(sharesEnglish.keys) + Array(judgementsEnglish.keys)
            + Array(peopleEnglish.keys)
    }

    /// The IPTC fields' names (`field.title`, …, `field.keywords`), as messages name them.
    static func fields(_ language: Language) -> [String: Entry] {
        let words = language == .spanish ? MetaField.spanishWords : MetaField.allCases.map(\.words)
        var entries = Dictionary(
            uniqueKeysWithValues: zip(MetaField.allCases, words).map { field, word in
                ("field." + field.rawValue, Entry(line: word, page: nil))
            })
        entries["field.keywords"] = Entry(line: language == .spanish ? "palabras clave" : "keywords", page: nil)
        return entries
    }

    static let english: [String: Entry] = [
        "export.photos.one": ("1 photo", nil),
        "export.photos.other": ("{0} photos", nil),
        "export.files": ("{0} ({1} files)", nil),
        "export.albums.one": ("1 album", nil),
        "export.albums.other": ("{0} albums", nil),
        "export.counted": ("{0} from {1}", nil),
        "export.replaced.one": ("replaced 1 file of the earlier export", nil),
        "export.replaced.other": ("replaced {0} files of the earlier export", nil),
        "export.dropped.one": ("1 photo is in no album now", nil),
        "export.dropped.other": ("{0} photos are in no album now", nil),
        "export.renumbered": ("renumbered", nil),
        "export.removed.one": ("removed 1 earlier file ({1})", nil),
        "export.removed.other": ("removed {0} earlier files ({1})", nil),
        "export.to": ("{0} to {1}", nil),
        "export.toWith": ("{0} to {1} ({2})", nil),
        "export.failed": (
            "exported {0} of {1}; {2} failed (listed above); the manifest lists what was written",
            "exported {0} of {1}; {2} failed; the manifest lists what was written"
        ),
        "export.done": ("exported {0}", nil),
        "export.badSize": ("--max-size must be 16–100000 pixels", "the longest side must be 16–100000 pixels"),
        "export.badQuality": ("--quality must be 1–100", "the quality must be 1–100"),
        "export.stripNeedsSize": (
            "--strip applies to resized copies: add --max-size PX "
                + "(byte copies are always identical)",
            "Strip metadata applies to resized copies: give a longest side (byte copies are "
                + "always identical)"
        ),
        "export.needsFolder": ("--to needs a folder", "choose a folder to export into"),
        "export.entries.one": ("1 entry", nil),
        "export.entries.other": ("{0} entries", nil),
        "export.notEmpty": (
            "{0} is not empty ({1}); pass --force to replace apolo's earlier export there, "
                + "or choose another --to folder",
            "{0} is not empty ({1}): tick “Replace an earlier export” to replace apolo's "
                + "earlier export there, or choose another folder"
        ),
        "export.foreign": (
            "{0} holds files apolo did not export (no valid {1}); --force only replaces apolo's own "
                + "exports: choose another --to folder",
            "{0} holds files apolo did not export (no valid {1}): choose another folder"
        ),
        "kind.shelf": ("shelf", nil), "kind.album": ("album", nil),
        "name.empty": ("a {0} name cannot be empty", nil),
        "name.badCharacter": ("{0} name '{1}' contains '{2}'; names cannot contain ':' or '/'", nil),
        "name.reserved": ("'{0}' is reserved; choose another {1} name", nil),
        "name.takenShelf": ("a shelf named '{0}' already exists", nil),
        "name.takenAlbum": ("an album named '{0}' already exists", nil),
        "imported.one": ("imported 1 photo", nil),
        "imported.other": ("imported {0} photos", nil),
        "imported.relinked": ("{0}, relinked {1}", nil),
        "photos.one": ("'{1}'", nil),
        "photos.other": ("{0} photos", nil),
        "rate.set": ("rated {0} {1}", nil),
        "rate.cleared": ("cleared the rating of {0}", nil),
        "label.set": ("labelled {0} {1}", nil),
        "label.cleared": ("took the label off {0}", nil),
        "people.grouped": ("grouped faces: {0} joined people already known, {1} new people", nil),
        "person.named": ("named person {0} '{1}'", nil),
        "person.merged": ("{0} joined {1}", nil),
        "person.split": ("{0} of {1}'s faces moved to a new person, {2}", nil),
        "person.forgotten": ("forgot {0}: their faces are not grouped again", nil),
        "colour.red": ("red", nil), "colour.yellow": ("yellow", nil), "colour.green": ("green", nil),
        "colour.blue": ("blue", nil), "colour.purple": ("purple", nil),
        "tags.added": ("tagged {0}: {1}", nil),
        "tags.already.one": ("{1} already has those tags", nil),
        "tags.already.other": ("{1} already have those tags", nil),
        "tags.removed": ("removed {0} from {1}", nil),
        "meta.set": ("set the {1} of {0}", nil),
        "ingest.needsJob": (
            "the template uses {job}: name the job with --job NAME",
            "the names use {job}: fill in the job code"
        ),
        "ingest.noSource": ("{0}: {1}; nothing was copied", nil),
        "ingest.needsDestination": ("name where to copy with --to FOLDER", "fill in the destination"),
        "ingest.twice": ("{0} is named twice as a destination", nil),
        "ingest.overlap": ("{0} and the card {1} overlap; copy to a folder elsewhere", nil),
        "ingest.done": (
            "copied {0} ({1} files, {2}) to {3} destinations, each copy read back from the disk and "
                + "verified; already ingested {4}, failed {5}", nil
        ),
        "ingest.nothingNew.one": ("nothing new to copy: the card's photo was ingested before", nil),
        "ingest.nothingNew.other": ("nothing new to copy: the card's {0} photos were ingested before", nil),
        "time.bodies": ("{0} ({1})", nil),
        "time.shifted": ("moved the capture times of {0} by {1}", nil),
        "meta.cleared": ("cleared the {1} of {0}", nil),
        "slide.discarded": (
            "discarded '{0}' from the table "
                + "(see: apolo table --discarded; undo: apolo slide restore {1})",
            "discarded '{0}' from the table (dimmed in its place: U on it restores it)"
        ),
        "slide.offShelf": ("took '{0}' off shelf '{1}'", nil),
        "slide.offShelfBack": ("took '{0}' off shelf '{1}'; it is back on the table", nil),
        "slides.fromTable.one": ("discarded 1 from the table", nil),
        "slides.fromTable.other": ("discarded {0} from the table", nil),
        "slides.offShelves.one": ("took 1 off shelves", nil),
        "slides.offShelves.other": ("took {0} off shelves", nil),
        "slides.allBack": ("{0} (apolo undo brings them all back)", "{0} (Ctrl+Z brings them all back)"),
        "slide.restored": ("restored '{0}' to the table", nil),
        "slide.movedToTable": ("moved '{0}' from {1} to the table", nil),
        "slide.stillAt": ("{0} (it is still at {1}, so it stays off the table)", nil),
        "slide.moved": ("moved '{0}' from {1} to {2}:{3}", nil),
        "slide.swapped": ("swapped {0} and {1}", nil),
        "shelf.created": ("created shelf '{0}' (shelf {1} of {2})", nil),
        "shelf.renamed": ("renamed shelf '{0}' to '{1}'", nil),
        "shelf.deleted.one": ("deleted shelf '{1}'; 1 slide returned to the table", nil),
        "shelf.deleted.other": ("deleted shelf '{1}'; {0} slides returned to the table", nil),
        "shelf.moved": ("moved shelf '{0}' to position {1} of {2}", nil),
        "album.compressed.one": ("compressed shelf '{1}' into album {2} with 1 slide", nil),
        "album.compressed.other": ("compressed shelf '{1}' into album {2} with {0} slides", nil),
        "album.moved": ("moved album '{0}' to position {1} of {2}", nil),
        "album.swapped": ("swapped albums '{0}' and '{1}'", nil),
        "album.reopened": ("reopened album '{0}' as shelf {1}", nil),
        "album.discarded.one": ("discarded album '{1}'; 1 slide returned to the table", nil),
        "album.discarded.other": ("discarded album '{1}'; {0} slides returned to the table", nil),
        "stack.kept": (
            "kept '{0}' of its stack of {1}; discarded the other {2} (apolo undo brings them back)",
            "kept '{0}' of its stack of {1}; discarded the other {2} (Ctrl+Z brings them back)"
        ),
        "filter.added.one": ("1 match; added {1} to shelf '{2}'", nil),
        "filter.added.other": ("{0} matches; added {1} to shelf '{2}'", nil),
        "filter.noMatch": ("no photos match {0}{1}", nil),
        "filter.scope.shelves": ("on the shelves", nil),
        "filter.scope.albums": ("in the albums", nil),
        "filter.scope.table": ("on the table", nil),
        "filter.scope.all": ("anywhere", nil),
        "filter.elsewhere": ("; {0}", nil),
        "filter.matchesIn.one": ("1 matches {1} (--from {2})", "1 matches {1}"),
        "filter.matchesIn.other": ("{0} match {1} (--from {2})", "{0} match {1}"),
        "filter.noShelf": ("{0}; no shelf '{1}' was made", nil),
        "filter.addedNone": ("{0}; added none to shelf '{1}'", nil),
        "filter.already": ("{0} ({1} already there)", nil),
        "history.undid": ("undid step {0}: {1}  [{2}]", "undid step {0}: {1}"),
        "history.redid": ("redid step {0}: {1}  [{2}]", "redid step {0}: {1}"),
        "history.nothing.undo": ("nothing to undo", nil),
        "history.nothing.redo": ("nothing to redo", nil),
        "error.albumLocked": (
            "album '{0}' is locked; reopen it as a shelf first: apolo album reopen {0}",
            "album '{0}' is locked; reopen it first with ↺ on the album"
        ),
        "error.alreadyDiscarded": ("'{0}' is already discarded", nil),
        "error.notDiscarded": ("'{0}' is not discarded (see: apolo table --discarded)", "'{0}' is not discarded"),
        "error.restoreFirst": (
            "that photo is discarded; restore it first: apolo slide restore REF",
            "that photo is discarded; restore it first (U on it)"
        ),
        "error.busy": (
            "project '{0}' is busy: another apolo process held it for {1} s; try again "
                + "(APOLO_LOCK_TIMEOUT sets the wait)",
            "project '{0}' is busy: a command on this project held it for {1} s; try again"
        ),
        "error.stale": (
            "the project changed since this page last showed it (another window, another person or the "
                + "command line); nothing was changed — the page now shows the current state", nil
        )
    ]
}
