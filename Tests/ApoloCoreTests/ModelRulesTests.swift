import Testing
@testable import ApoloCore

private func sketch(_ text: String) throws -> Project { try Sketch.project(text) }

private func apply(_ edit: some Edit, _ text: String) throws -> String {
    Sketch.render(try edit.applied(to: try sketch(text)).0)
}

private func refusal(_ edit: some Edit, _ text: String) throws -> String {
    let project = try sketch(text)
    do {
        _ = try edit.applied(to: project)
        return "no error"
    } catch let error as CoreError {
        return error.message
    }
}

@Suite struct TagAndRatingRules {
    @Test func tagsAreTrimmedAndNonEmptyWithoutControlCharacters() throws {
        #expect(try Names.tag("  tram ") == "tram")
        #expect(throws: CoreError.self) { try Names.tag("   ") }
        #expect(throws: CoreError.self) { try Names.tag("a\u{7}b") }
        #expect(throws: CoreError.self) { try Names.tag("line\nbreak") }
    }

    @Test func tagsCompareCaseInsensitivelyAndKeepTheFirstSpelling() throws {
        #expect(try apply(TagAdd("table:1", ["TRAM"]), "table: a#Tram") == "table: a#Tram")
        #expect(try apply(TagAdd("table:2", ["tRaM"]), "table: a#Tram b") == "table: a#Tram b#Tram")
        #expect(try apply(TagAdd("table:1", ["x", "X"]), "table: a") == "table: a#x")
    }

    @Test func ratingsAreZeroToFiveAndFollowThePhotoEverywhere() throws {
        #expect(try refusal(Rate("table:1", -1), "table: a").contains("0–5"))
        #expect(try refusal(Rate("table:1", 6), "table: a").contains("0–5"))
        #expect(try apply(Rate("one:1", 3), "table: | one: a | two: a") == "table: | one: a*3 | two: a*3")
    }

    @Test func tagListIsAlphabeticalUniqueWithCounts() throws {
        let project = try sketch("table: a#tram#Street b#street c#alfama")
        #expect(
            project.tagCounts == [
                TagCount(tag: "alfama", count: 1), TagCount(tag: "Street", count: 2), TagCount(tag: "tram", count: 1)
            ])
    }
}

@Suite struct TableRules {
    func photo(_ file: String, captured: String?, modified: String = "2024-01-01T00:00:00.000Z") -> Photo {
        Photo(id: Sketch.id(file), file: file, path: "/p/" + file, bytes: 1, modified: modified, captured: captured)
    }

    @Test func tableSortsByCaptureTimeThenSubSecondsThenFileName() {
        var project = Project(name: "t")
        for p in [
            photo("c.jpg", captured: "2024-05-01T10:00:00.50"), photo("b.jpg", captured: "2024-05-01T10:00:00.25"),
            photo("a.jpg", captured: "2024-05-01T10:00:01"), photo("z.jpg", captured: "2024-05-01T10:00:00.25")
        ] {
            project.photos[p.id] = p
        }
        #expect(project.table.map(\.file) == ["b.jpg", "z.jpg", "c.jpg", "a.jpg"])
    }

    @Test func photosWithoutExifDatesSortByModificationTime() {
        var project = Project(name: "t")
        for p in [
            photo("exif.jpg", captured: "2024-05-01T12:00:00"),
            photo("early.png", captured: nil, modified: "2024-05-01T08:00:00.000Z"),
            photo("late.png", captured: nil, modified: "2024-05-02T08:00:00.000Z")
        ] {
            project.photos[p.id] = p
        }
        #expect(project.table.map(\.file) == ["early.png", "exif.jpg", "late.png"])
    }

    @Test func captureOffsetsCompareAsInstants() {
        var project = Project(name: "t")
        for p in [
            photo("lisbon.jpg", captured: "2024-05-01T10:00:00+01:00"),
            photo("berlin.jpg", captured: "2024-05-01T10:30:00+02:00")
        ] {
            project.photos[p.id] = p
        }
        #expect(project.table.map(\.file) == ["berlin.jpg", "lisbon.jpg"])
    }

    @Test func tableHoldsOnlyUnplacedUndiscardedPhotos() throws {
        let project = try sketch("table: a | best: b | album trip: c | discarded: d")
        #expect(project.table.map(\.file) == ["a.jpg"])
        #expect(project.discarded.map(\.file) == ["d.jpg"])
    }

    @Test func timestampsParseAndFormat() throws {
        let t = try #require(Timestamp(iso: "2024-05-01T10:11:12.345Z"))
        #expect(t.isoUTC == "2024-05-01T10:11:12.345Z")
        #expect(Timestamp(iso: "1969-12-31T23:59:59Z")?.isoUTC == "1969-12-31T23:59:59.000Z")
        #expect(Timestamp(iso: "2024-13-01T00:00:00") == nil)
        #expect(Timestamp(iso: "garbage") == nil)
        #expect(Timestamp(iso: "2024-05-01T10:00:00+01:00") == Timestamp(iso: "2024-05-01T09:00:00Z"))
    }
}

@Suite struct NameRules {
    @Test func shelfNamesAreValidated() throws {
        #expect(try Names.place("  best ") == "best")
        for bad in [
            "", "  ", "a:b", "a/b", "table", "TABLE", "discarded", String(repeating: "x", count: 101), "ta\u{9}b"
        ] {
            #expect(throws: CoreError.self, "\(bad)") { try Names.place(bad) }
        }
    }

    @Test func shelfAndAlbumNamesShareOneNamespace() throws {
        #expect(
            try refusal(ShelfCreate(name: "trip"), "table: | album trip: a").contains(
                "an album named 'trip' already exists"))
        #expect(
            try refusal(ShelfRename(old: "best", new: "trip"), "table: | best: | album trip: a").contains(
                "already exists"))
    }

    @Test func projectNamesAreValidated() throws {
        #expect(try Names.project("trip 2024") == "trip 2024")
        for bad in ["", "a/b", ".hidden", "..", "x\u{1}", String(repeating: "p", count: 101), " lead"] {
            #expect(throws: CoreError.self, "\(bad)") { try Names.project(bad) }
        }
    }
}

@Suite struct ReferenceRules {
    @Test func idPrefixesNeedSixHexDigitsAndMustBeUnique() throws {
        let project = try sketch("table: a b")
        #expect(try project.resolvePhoto(SlideRef("610000")) == Sketch.id("a"))
        #expect(throws: CoreError.self) { try project.resolvePhoto(SlideRef("61000")) }
        let twins = try sketch("table: aa ab")
        #expect(throws: CoreError.self) { try twins.resolvePhoto(SlideRef("616")) }
        #expect((try? twins.resolvePhoto(SlideRef("616100"))) == Sketch.id("aa"))
    }

    @Test func fileNamesMustBeUniqueInTheProject() throws {
        var project = try sketch("table: a")
        var twin = Sketch.photo("other")
        twin.file = "a.jpg"
        project.photos[twin.id] = twin
        #expect(throws: CoreError.self) { try project.resolvePhoto(SlideRef("a.jpg")) }
    }

    @Test func aPhotoOnSeveralShelvesIsAmbiguousForMoveButFineForRateTagShow() throws {
        let text = "table: | best: a | street: a"
        #expect(try refusal(SlideMove("a.jpg", to: "best"), text).contains("appears in 2 places (best:1, street:1)"))
        #expect(try refusal(SlideSwap("a.jpg", "best:1"), text).contains("appears in 2 places"))
        #expect(try apply(Rate("a.jpg", 2), text) == "table: | best: a*2 | street: a*2")
        #expect(try apply(TagAdd("a.jpg", ["x"]), text) == "table: | best: a#x | street: a#x")
        #expect(try sketch(text).detail(SlideRef("a.jpg")).places == ["best:1", "street:1"])
    }

    @Test func positionsOutOfRangeAreRefusedWithTheValidRange() throws {
        #expect(try refusal(SlideMove("best:0", to: "best"), "table: | best: a").contains("no slide at best:0"))
        #expect(try refusal(SlideMove("table:1", to: "best:3"), "table: a | best: x").contains("use 1–2"))
        #expect(try apply(SlideMove("table:1", to: "best:2"), "table: a | best: x") == "table: | best: x a")
    }

    @Test func unknownPlacesListTheKnownOnes() throws {
        let message = try refusal(SlideMove("table:1", to: "bset"), "table: a | best: | maybe: | album trip: x")
        #expect(message == "no shelf or album named 'bset' (places: table; shelves: best, maybe; albums: trip)")
    }
}

@Suite struct SlideAndShelfRules {
    @Test func aShelfHoldsAPhotoAtMostOnce() throws {
        #expect(
            try refusal(SlideMove("one:1", to: "two"), "table: | one: a | two: a").contains("already on shelf 'two'"))
    }

    @Test func discardFromTableHidesAndRestoreBringsBack() throws {
        let discarded = try SlideDiscard("table:1").applied(to: try sketch("table: a b")).0
        #expect(discarded.table.map(\.file) == ["b.jpg"])
        #expect(try Sketch.render(SlideRestore("discarded:1").applied(to: discarded).0) == "table: a b")
        #expect(
            try refusal(SlideMove("discarded:1", to: "best"), "table: | best: | discarded: a").contains(
                "restore it first"))
    }

    @Test func deletingAShelfLosesNothing() throws {
        let after = try ShelfDelete(name: "best").applied(to: try sketch("table: c | best: b a")).0
        #expect(after.photos.count == 3)
        #expect(after.table.map(\.file) == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(ShelfDelete(name: "best").confirmation(in: try sketch("table: | best: a")) != nil)
    }

    @Test func aFailedEditLeavesTheProjectUnchanged() throws {
        let before = try sketch("table: a | best: b")
        var copy = before
        #expect(throws: CoreError.self) { try SlideMove("table:1", to: "best:9").apply(to: &copy) }
        #expect(throws: CoreError.self) { _ = try SlideMove("table:1", to: "best:9").applied(to: before) }
        #expect(before == (try sketch("table: a | best: b")))
    }
}

@Suite struct FilterRules {
    let text =
        "table: t*5#street | one: a*5#street#tram b*3#street | two: c*4#tram a*5#street#tram | album x: d*5#street"

    func files(_ criteria: FilterCriteria) throws -> [String] {
        let project = try sketch(text)
        return try project.filter(criteria).compactMap { project.photos[$0.id]?.file }
    }

    @Test func severalTagsMeanAllUnlessAnyTag() throws {
        #expect(try files(FilterCriteria(tags: ["street", "tram"])) == ["a.jpg"])
        #expect(try files(FilterCriteria(tags: ["street", "tram"], anyTag: true)) == ["a.jpg", "b.jpg", "c.jpg"])
    }

    @Test func ratingIsExactOrMinimum() throws {
        #expect(try files(FilterCriteria(rating: .exactly(4))) == ["c.jpg"])
        #expect(try files(FilterCriteria(rating: .atLeast(4))) == ["a.jpg", "c.jpg"])
        #expect(throws: CoreError.self) { try files(FilterCriteria(rating: .atLeast(7))) }
    }

    @Test func defaultScopeIsShelvesInShelfOrderEachPhotoOnce() throws {
        #expect(try files(FilterCriteria()) == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(try files(FilterCriteria(scope: .table)) == ["t.jpg"])
        #expect(try files(FilterCriteria(scope: .albums)) == ["d.jpg"])
        #expect(try files(FilterCriteria(tags: ["STREET"], scope: .all)) == ["a.jpg", "b.jpg", "d.jpg", "t.jpg"])
    }

    @Test func intoSkipsPhotosAlreadyOnTheTarget() throws {
        let result = try apply(FilterInto(FilterCriteria(tags: ["tram"]), .into("two")), text)
        #expect(result.contains("two: c*4#tram a*5#street#tram | album"))
    }
}

@Suite struct AlbumRules {
    @Test func albumsAreLocked() throws {
        let text = "table: z | best: b | album trip: a"
        #expect(try refusal(SlideMove("trip:1", to: "best"), text).contains("reopen"))
        #expect(try refusal(SlideMove("table:1", to: "trip:1"), text).contains("reopen"))
        #expect(try refusal(SlideSwap("trip:1", "best:1"), text).contains("reopen"))
        #expect(try refusal(SlideDiscard("trip:1"), text).contains("reopen"))
    }

    @Test func compressThenReopenRoundTrips() throws {
        let start = try sketch("table: | best: c a b")
        let album = try AlbumCompress("best").applied(to: start).0
        #expect(album.shelves.isEmpty && album.albums == [SlideRow(name: "best", slides: start.shelves[0].slides)])
        #expect(try AlbumReopen("best").applied(to: album).0 == start)
    }

    @Test func exportPlanFollowsAlbumOrderWithPaddedNumbers() throws {
        var project = try sketch("table: | album b: z y | album a: x")
        var names = try ExportPlan.items(for: project).map(\.name)
        #expect(names == ["001-b-z.jpg", "002-b-y.jpg", "003-a-x.jpg"])
        project = try AlbumMove("a", to: 1).applied(to: project).0
        names = try ExportPlan.items(for: project).map(\.name)
        #expect(names == ["001-a-x.jpg", "002-b-z.jpg", "003-b-y.jpg"])
        let many = (0..<1200).map { "p\($0)" }.joined(separator: " ")
        let big = try ExportPlan.items(for: try sketch("table: | album big: " + many))
        #expect(big.first?.name == "0001-big-p0.jpg" && big.last?.name == "1200-big-p1199.jpg")
        #expect(throws: CoreError.self) { try ExportPlan.items(for: try sketch("table: a")) }
    }

    @Test func longNamesAreCutTo255Bytes() {
        let name = ExportPlan.fileName(
            "001", String(repeating: "é", count: 200), String(repeating: "f", count: 100) + ".jpg")
        #expect(name.utf8.count <= 255 && name.hasSuffix(".jpg") && name.hasPrefix("001-"))
        let long = ExportPlan.fileName("0042", "album", String(repeating: "ü", count: 126) + ".jpeg")
        #expect(
            long.utf8.count <= ExportPlan.maxNameBytes && long.hasSuffix("ü.jpeg") && long.hasPrefix("0042-ü"),
            "a 255-byte file name keeps its extension and leaves room for NAME.xmp: \(long)")
        #expect(
            ExportPlan.fileName("001", "a", String(repeating: "x", count: 300)).utf8.count <= ExportPlan.maxNameBytes)
    }
}

@Suite struct CheckRules {
    @Test func danglingReferencesAndDuplicatesAreReported() throws {
        var project = try sketch("table: | best: a")
        project.shelves[0].slides.append("ffffff")
        project.shelves.append(SlideRow(name: "BEST"))
        let problems = try ProjectCheck.problems(in: project)
        #expect(problems.contains { $0.contains("unknown photo ffffff") })
        #expect(problems.contains { $0.contains("used twice") })
    }
}

@Suite struct ConfirmationRules {
    /// The runner reads the project before locking only for destructive edits, so every edit that can ask must say so.
    @Test func everyEditThatAsksIsMarkedDestructive() throws {
        for type in Registry.edits {
            for example in type.examples {
                let asks = example.edit.confirmation(in: try Sketch.project(example.before)) != nil
                #expect(
                    !asks || type.destructive, "\(type.spec.name) asks for confirmation but is not marked destructive")
            }
        }
        #expect(ShelfDelete.destructive && AlbumDiscard.destructive && !SlideMove.destructive)
    }
}
