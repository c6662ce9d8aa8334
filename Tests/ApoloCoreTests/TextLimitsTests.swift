import ApoloCore
import Testing

/// Text that enters apolo and leaves it in XMP, IPTC and file names: widths bounded before any arithmetic, no
/// character XML forbids, lengths counted in characters and in bytes.
@Suite struct TextLimitsTests {
    let photo = Photo(
        id: Sketch.id("a"), file: "DSC_0412.jpg", path: "/p/DSC_0412.jpg", bytes: 1,
        modified: "2026-05-02T09:03:04Z", captured: "2026-05-02T09:03:04")

    /// A caption asking for a 9,000,000,000,000,000,000-digit number aborted apolo (and the server) allocating it.
    @Test func captionWidthsAreOneToNineDigitsOrRefused() throws {
        #expect(try MetaText.expand("{number:6}", photo: photo, codes: [:]) == "000412")
        for width in ["9000000000000000000", "100000000", "10", "0", "-1", "x"] {
            #expect(throws: CoreError.self) { try MetaText.expand("{number:\(width)}", photo: photo, codes: [:]) }
            #expect(throws: CoreError.self) { try MetaText.check("a {seq:\(width)} b") }
        }
        #expect(try MetaText.expand("{nothing:99}", photo: photo, codes: [:]) == "{nothing:99}", "no variable")
        #expect(throws: CoreError.self) { try NameTemplate("{seq:10}", folders: false) }
    }

    @Test func charactersXMLForbidsAreRefusedWhereTextEnters() {
        for bad in ["a\u{FFFE}b", "a\u{FFFF}", "x\u{1}"] {
            #expect(throws: CoreError.self) { try MetaField.title.check(bad) }
            #expect(throws: CoreError.self) { try MetaText.check(bad) }
        }
        #expect(MetaField.title.kept("a\u{FFFE}b\u{FFFF}")?.text == "ab")
        #expect((try? MetaField.caption.check("line\nline\ttab")) == nil, "a tab is a control character here")
    }

    /// 60,000 combining accents are one character but 120 KB: a limit counts bytes as well.
    @Test func limitsCountBytesAsWellAsCharacters() throws {
        let piled = "e" + String(repeating: "\u{301}", count: 60_000)
        let refused = (try? MetaField.title.check(piled)) == nil
        #expect(piled.count == 1 && refused, "a pile of accents is refused as a title")
        let kept = MetaField.title.kept(piled)
        let (cut, bytes) = (kept?.cut == true, kept?.text.utf8.count ?? 0)
        #expect(cut && bytes > 1_000 && bytes <= 2_000, "a peer's pile is cut to 2,000 bytes, not dropped")
        #expect(try MetaField.title.check("Ana Bride · Lisboa 🎉") == "Ana Bride · Lisboa 🎉")
        #expect(TextLimits.cut("ab🎉cd", characters: 3) == "ab🎉")
        let pile = "e" + String(repeating: "\u{301}", count: 1_000)
        #expect((try? Names.tag(pile)) == nil, "a tag of one letter under 1,000 accents")
        #expect(throws: CoreError.self) { try Names.place("a\u{FFFF}") }
    }

    /// A shift that would write year 10021 (or year -1) into exported EXIF is refused; a shift written as
    /// `+9000000000000000000:00:00` is no number, not an overflow that kills the server.
    @Test func captureTimesStayWithinYearsOneTo9999() throws {
        var project = try Sketch.project("table: a")
        let id = Sketch.id("a")
        project.photos[id]?.captured = "9950-06-01T10:00:00"
        #expect(throws: CoreError.self) { try TimeShift(ref: "table:1", seconds: 36_500 * 86_400).apply(to: &project) }
        #expect(project.photos[id]?.captured == "9950-06-01T10:00:00", "nothing shifted")
        project.photos[id]?.captured = "0001-01-01T00:30:00"
        #expect(throws: CoreError.self) { try TimeShift(ref: "table:1", seconds: -3600).apply(to: &project) }
        _ = try TimeShift(ref: "table:1", seconds: 3600).apply(to: &project)
        #expect(project.photos[id]?.captured == "0001-01-01T01:30:00")
        #expect(TimeShift.seconds("+9000000000000000000:00:00") == nil)
        #expect(TimeShift.seconds("-01:00:00") == -3600)
    }

    /// `time shift … -1h` run twice moved two hours without a word; `--camera nikon` moved several bodies unnamed.
    @Test func aShiftRunTwiceIsRefusedAndTheBodiesMovedAreNamed() throws {
        var project = try Sketch.project("table: a b c")
        for (name, camera) in [("a", "NIKON D750"), ("b", "NIKON Z 6"), ("c", "NIKON D750")] {
            project.photos[Sketch.id(name)]?.model = camera
        }
        let said = try TimeShift(camera: "nikon", seconds: -3600).apply(to: &project)
        #expect(said.description.contains("(NIKON D750 ×2, NIKON Z 6 ×1)"), "\(said.description)")
        #expect(throws: CoreError.self) { try TimeShift(camera: "nikon", seconds: -3600).apply(to: &project) }
        _ = try TimeShift(camera: "nikon", seconds: -3600, again: true).apply(to: &project)
        #expect(project.photos[Sketch.id("a")]?.shifted == -7200)
        _ = try TimeShift(ref: "table:1", seconds: 7200).apply(to: &project)
    }
}
