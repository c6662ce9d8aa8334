import Testing
@testable import ApoloCore

/// `filter --camera/--lens/--date/--format/--unrated/--without-tag` on photos built here.
@Suite struct FilterFactsTests {
    func photo(
        _ n: Int, camera: (String, String)? = nil, lens: String? = nil, captured: String? = nil,
        format: String = "jpeg",
        tags: [String] = [], rating: Int = 0
    ) -> Photo {
        var p = Photo(
            id: String(repeating: "\(n)", count: 64), file: "\(n).jpg", path: "/p/\(n).jpg", bytes: 1,
            modified: "2020-01-01T00:00:00Z", captured: captured, format: format, make: camera?.0, model: camera?.1,
            tags: tags, rating: rating)
        p.lens = lens
        return p
    }

    @Test(arguments: [
        ("Canon EOS R5", " eos r5 ", true), ("Canon EOS R5", "R6", false), ("EOS", "EOS R5", false),
        ("Zeiss Otus 55mm", "OTUS", true), ("Hasselblad X2D 100C", "x2d", true), ("Ricoh GR", "", true),
        ("Leica Q3 Élan", "élan", true), ("LEICA Q3 ÉLAN", "q3 é", true), ("Leica", "é", false)
    ])
    func cameraTextIgnoresCaseInAnyScript(_ text: String, _ needle: String, _ found: Bool) {
        #expect(text.containsFolded(needle.trimmingSpaces) == found)
    }

    @Test(arguments: [
        ("Canon", "Canon EOS R5", "Canon EOS R5"), ("NIKON CORPORATION", "NIKON Z 6", "NIKON Z 6"),
        ("NIKON CORPORATION", "NIKONOS V", "NIKON CORPORATION NIKONOS V"),
        ("Canon", "CANON EOS 40D", "CANON EOS 40D"), ("Leica", "Q3", "Leica Q3"), ("Ébène", "ébène X", "ébène X")
    ])
    func theCameraDropsAMakeTheModelRepeats(_ make: String, _ model: String, _ shown: String) {
        #expect(photo(1, camera: (make, model)).camera == shown)
    }

    @Test func eachFactConditionMatchesAndCombines() throws {
        var c = FilterCriteria()
        c.camera = "eos r5"
        #expect(c.matches(photo(1, camera: ("Canon", "Canon EOS R5"))))
        #expect(!c.matches(photo(2, camera: ("Nikon", "Z 6"))) && !c.matches(photo(3)), "no camera recorded: no match")
        c = FilterCriteria()
        c.lens = "35mm"
        #expect(c.matches(photo(1, lens: "RF 35mm F1.8")) && !c.matches(photo(2, lens: "RF 50mm")))
        c = FilterCriteria()
        c.format = "raw"
        #expect(c.matches(photo(1, format: "raw")) && !c.matches(photo(2)))
        c = FilterCriteria(tags: ["sunset"])
        c.withoutTags = ["Beach"]
        #expect(c.matches(photo(1, tags: ["Sunset"])) && !c.matches(photo(2, tags: ["sunset", "beach"])))
        c = FilterCriteria(rating: .exactly(0))
        c.format = "jpeg"
        #expect(c.matches(photo(1)) && !c.matches(photo(2, rating: 3)) && !c.matches(photo(3, format: "png")))
    }

    @Test func datesAreInclusivePrefixesAndEitherEndMayBeOpen() throws {
        let june = try FilterCriteria.DateRange("2024-06-01..2024-06-30")
        #expect(june.contains("2024-06-01T00:00:00") && june.contains("2024-06-30T23:59:59.5+02:00"))
        #expect(!june.contains("2024-05-31T23:59:59") && !june.contains("2024-07-01T00:00:00"))
        #expect(try FilterCriteria.DateRange("2024..").contains("2025-01-01T00:00:00"))
        #expect(try !FilterCriteria.DateRange("..2023").contains("2024-01-01T00:00:00"))
        #expect(try FilterCriteria.DateRange("2024-06").contains("2024-06-15T10:00:00"), "one date: that month")
        var c = FilterCriteria()
        c.dates = june
        #expect(!c.matches(photo(1)), "no capture time: the file time (2020) is used")
        for bad in [
            "2024-13", "24-06-01", "2024-06-01..2024..2025", "..", "June", "2024-06-32", "2024-02-30", "2023-02-29",
            "2100-02-29", "2024-04-31", "2024-06-15T24", "2024-06-15T10:60", "2024-06-15T10:30:61"
        ] {
            #expect(throws: CoreError.self, "\(bad)") { try FilterCriteria.DateRange(bad) }
        }
        for good in ["2024-02-29", "2000-02-29", "2024-12-31T23:59:59", "2024-04-30"] {
            #expect(throws: Never.self, "\(good)") { try FilterCriteria.DateRange(good) }
        }
    }

    @Test func anUnknownFormatIsRefused() {
        var c = FilterCriteria()
        c.format = "gif"
        #expect(throws: CoreError.self) { try c.validate() }
    }
}
