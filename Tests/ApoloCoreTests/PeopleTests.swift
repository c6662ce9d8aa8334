import Testing
@testable import ApoloCore

/// People: grouping faces by their descriptors, the edits' rules, the document's rules and filters by person.
@Suite struct PeopleTests {
    /// A descriptor `at` along the first axis (and `other` along the second).
    static func at(_ x: Float, _ other: Float = 0) -> [Float] {
        var values = [Float](repeating: 0, count: FaceIdentity.length)
        (values[0], values[1]) = (x, other)
        return values
    }

    @Test func facesOfOnePersonGroupAndTwoPeopleStayApart() {
        let faces = [
            Grouping.Face(key: "a", identity: Self.at(0), pixels: 200),
            Grouping.Face(key: "b", identity: Self.at(0.1), pixels: 150),
            Grouping.Face(key: "c", identity: Self.at(0, 0.9), pixels: 180),
            Grouping.Face(key: "d", identity: Self.at(0.05, 0.95), pixels: 90),
            Grouping.Face(key: "e", identity: Self.at(0.9, 0.9), pixels: 300)
        ]
        let result = Grouping().group(faces, known: [])
        #expect(result.joins.isEmpty)
        #expect(Set(result.groups.map { Set($0) }) == [["a", "b"], ["c", "d"]], "e, seen once, stays loose")
    }

    @Test func newFacesJoinThePeopleAlreadyKnown() {
        let faces = [Grouping.Face(key: "x", identity: Self.at(0.82), pixels: 100)]
        let result = Grouping().group(faces, known: [(id: 7, identities: [Self.at(0.8), Self.at(0.85)])])
        #expect(result.joins == ["x": 7] && result.groups.isEmpty)
    }

    /// A group whose faces spread wide is harder to join: a face near its mean but far from its faces stays out,
    /// so two people do not chain into one through a face in between.
    @Test func aSpreadGroupIsNotJoinedThroughAFaceInBetween() {
        let faces = [
            Grouping.Face(key: "a", identity: Self.at(0), pixels: 300),
            Grouping.Face(key: "b", identity: Self.at(0.3), pixels: 200),
            Grouping.Face(key: "c", identity: Self.at(0.68), pixels: 100)
        ]
        let result = Grouping().group(faces, known: [])
        #expect(result.groups == [["a", "b"]], "c is 0.53 from the mean of a and b, 0.55 from them on average")
    }

    /// Two groups that the order of arrival split, whose faces lie within 0.54 of each other on average, are one
    /// person; a third group 0.57 away on average stays apart, and so does a known person.
    @Test func groupsSplitByTheOrderOfArrivalAreJoined() {
        let faces = [
            Grouping.Face(key: "a", identity: Self.at(0, 0.1), pixels: 300),
            Grouping.Face(key: "b", identity: Self.at(0, -0.1), pixels: 290),
            Grouping.Face(key: "c", identity: Self.at(0.51, 0.1), pixels: 280),
            Grouping.Face(key: "d", identity: Self.at(0.51, -0.1), pixels: 270),
            Grouping.Face(key: "e", identity: Self.at(-0.55, 0.1), pixels: 260),
            Grouping.Face(key: "f", identity: Self.at(-0.55, -0.1), pixels: 250)
        ]
        let alone = Grouping().group(faces, known: [])
        #expect(Set(alone.groups.map { Set($0) }) == [["a", "b", "c", "d"], ["e", "f"]])
        let known = [(id: 4, identities: [Self.at(1.05, 0.1), Self.at(1.05, -0.1)])]
        let among = Grouping().group(Array(faces[2...3]), known: known)
        #expect(among.joins.isEmpty && among.groups == [["c", "d"]], "1.05 is 0.56 away on average")
        let near = [(id: 4, identities: [Self.at(0, 0.1), Self.at(0, -0.1)])]
        let joined = Grouping().group(Array(faces[2...3]), known: near)
        #expect(joined.joins == ["c": 4, "d": 4] && joined.groups.isEmpty, "a new group joins a known person")
        var strict = Grouping()
        strict.mergeWithin = strict.joinWithin
        #expect(strict.group(faces, known: []).groups.count == 3, "without the merge, the order splits a and c")
    }

    /// A face left alone joins a group whose faces lie within 0.54 of it on average; two faces alone 0.53 apart
    /// stay loose (faces alone are not paired with each other after the first pass).
    @Test func aFaceLeftAloneJoinsAGroupWithinReach() {
        let faces = [
            Grouping.Face(key: "a", identity: Self.at(0, 0.1), pixels: 300),
            Grouping.Face(key: "b", identity: Self.at(0, -0.1), pixels: 290),
            Grouping.Face(key: "c", identity: Self.at(0.52), pixels: 280),
            Grouping.Face(key: "d", identity: Self.at(-0.9), pixels: 270),
            Grouping.Face(key: "e", identity: Self.at(-0.9, 0.53), pixels: 260)
        ]
        let result = Grouping().group(faces, known: [])
        #expect(result.groups == [["a", "b", "c"]], "c is 0.53 from a and b on average")
    }

    /// Groups that all lie within reach of each other, as no people do, are left as the first pass made them: the
    /// joining step's lists would grow with the square of their number. 256 groups of two faces, 0.53 apart.
    @Test func groupsCrowdedTogetherAreNotJoined() {
        var faces: [Grouping.Face] = []
        for axis in 0..<FaceIdentity.length {
            for (side, sign) in [("+", Float(0.375)), ("-", -0.375)] {
                var identity = [Float](repeating: 0, count: FaceIdentity.length)
                identity[axis] = sign
                faces += (0..<2).map { Grouping.Face(key: "\(axis)\(side)\($0)", identity: identity, pixels: 100) }
            }
        }
        #expect(Grouping().group(faces, known: []).groups.count == 256)
        #expect(Grouping.mostPairs(256) < 256 * 254 / 2)
    }

    /// Each group's neighbours, found pair by pair, are the groups within reach of it, merged and known ones apart.
    @Test func everyGroupsNeighboursAreFoundOnceForEachPair() throws {
        var space = MeanSpace()
        for g in 0..<40 {
            let faces = (0...(g % 3)).map { k in
                Self.at(Float(g % 9) * 0.1 + Float((g * 37 + k * 11) % 23) / 100, Float((g * 13 + k * 7) % 29) / 100)
            }
            space.add(faces, person: g < 6 ? g : nil)
        }
        space.merge(17, into: 12)
        let near = try #require(space.neighbours(from: 6, within: 0.04, most: 10_000))
        #expect(near.map(\.count).reduce(0, +) > 20)
        for g in 0..<space.count {
            for h in 0..<space.count where h != g && g != 17 && h != 17 && (g >= 6 || h >= 6) {
                let found = near[g].first { $0.0 == h }, distance = space.linkage(g, h)
                #expect((found != nil) == (distance < 0.04), "\(g) and \(h)")
                #expect(abs((found?.1 ?? distance) - distance) < 1e-5)
            }
            #expect(!near[g].contains { $0.0 == 17 } && (g >= 6 || near[g].allSatisfy { $0.0 >= 6 }))
        }
    }

    @Test func aDescriptorIsKeptInBytesAndReadBackClose() throws {
        let values = (0..<FaceIdentity.length).map { Float($0 % 17) / 50 - 0.16 }
        let text = try #require(FaceIdentity.encode(values))
        #expect(text.utf8.count == 172)
        let back = try #require(FaceIdentity.decode(text))
        #expect(zip(values, back).allSatisfy { abs($0 - $1) <= 0.5 / FaceIdentity.scale + 1e-6 })
        #expect(FaceIdentity.decode(String(text.dropLast(4))) == nil && FaceIdentity.encode([0.1]) == nil)
        #expect(FaceIdentity.encode(Self.at(.nan)) == nil)
    }

    @Test func aGroupingLeavesHeldAndForgottenFacesAndGoneForeverIDsAlone() throws {
        var project = try Sketch.project("table: a b c | people: 1=a/0 ~=b/0 +4")
        let edit = PeopleGroup(
            joins: [FaceKey.of(Sketch.id("a"), 0): 1, FaceKey.of(Sketch.id("c"), 0): 9],
            groups: [[FaceKey.of(Sketch.id("b"), 0), FaceKey.of(Sketch.id("c"), 1), FaceKey.of(Sketch.id("c"), 2)]])
        _ = try edit.apply(to: &project)
        #expect(
            Sketch.render(project) == "table: a b c | people: 1=a/0 4=c/1,c/2 ~=b/0", "person 9 is gone; b/0 forgotten")
    }

    @Test func theDocumentsPeopleRulesAreChecked() throws {
        var project = try Sketch.project("table: a | people: 1:Ana=a/0 2:ana=a/0,a/1")
        var problems = try ProjectCheck.problems(in: project)
        #expect(problems.contains("the name 'ana' is given twice"))
        #expect(problems.contains { $0.hasPrefix("person 2: face") && $0.hasSuffix("is held twice") })
        project.people?.persons[0].faces = ["not a face"]
        project.people?.persons[1].name = "3"
        project.people?.next = 2
        problems = try ProjectCheck.problems(in: project)
        #expect(problems.contains { $0.contains("'not a face' is not a face") })
        #expect(problems.contains { $0.hasPrefix("person 2: '3' is a number") })
        #expect(problems.contains { $0.hasPrefix("person 2: its number is used twice, below 1 or not below the next") })
    }

    @Test func aRefusedEditOfPeopleIsSaidInThePagesLanguage() throws {
        let project = try Sketch.project("table: a b | people: 1:Ana=a/0 2=b/0")
        func refusal(_ edit: some Edit, in given: Project? = nil) -> CoreError? {
            do { _ = try edit.applied(to: given ?? project) } catch let error as CoreError { return error } catch {}
            return nil
        }
        let number = try #require(refusal(PersonNameEdit("2", "42")))
        #expect(number.message == "'42' is a number, which names a person by their number: give a name")
        #expect(number.said.text(.spanish, for: .page).hasPrefix("«42» es un número"))
        let taken = try #require(refusal(PersonNameEdit("2", "ana")))
        #expect(taken.message == "person 1 is already 'Ana': to make them one, apolo person merge 2 1")
        #expect(
            taken.said.text(.spanish, for: .page) == "la persona 1 ya se llama «Ana»: da otro nombre, o une a las dos")
        let unknown = try #require(refusal(PersonMerge(["Anna", "1"])))
        #expect(unknown.message == "no person is 'Anna' (named: Ana); did you mean 'Ana'?")
        #expect(unknown.said.text(.spanish, for: .page) == "nadie es «Anna» (con nombre: Ana); ¿quería decir «Ana»?")
        let nobody = try #require(refusal(PersonMerge(["7", "1"])))
        #expect(nobody.message == "no person is '7' (named: Ana)")
        let unnamed = try Sketch.project("table: a b | people: 1=a/0 2=b/0")
        let none = try #require(refusal(PersonMerge(["7", "1"]), in: unnamed))
        #expect(none.message == "no person is '7' (nobody is named yet; apolo people lists them by number)")
    }

    @Test func undoFindsPeopleChangedByHand() throws {
        let before = try Sketch.project("table: a | people: 1=a/0")
        let (after, _) = try PersonNameEdit("1", "Ana").applied(to: before)
        let patch = ProjectPatch.between(before, after)
        #expect(patch.people?.persons.count == 1 && patch.photos.isEmpty)
        #expect(patch.conflicts(in: after, reverse: true).isEmpty)
        var edited = after
        edited.people?.persons[0].name = "Bea"
        #expect(patch.conflicts(in: edited, reverse: true) == ["the people"])
    }

    @Test func photosAreFilteredByPersonByWhoIsNotThereAndByHowManyFaces() throws {
        let project = try Sketch.project("table: a b c | people: 1:Ana=a/0,b/0 2:Luis=b/1,c/0")
        var criteria = FilterCriteria(scope: .table)
        criteria.person = "ana"
        criteria.withoutPersons = ["2"]
        #expect(try project.filter(criteria).map(\.id) == [Sketch.id("a")])
        let face = Face(box: [0.1, 0.1, 0.2, 0.2], pixels: 100, score: 1, eyes: [0.3, 0.3], sharpness: 0.5)
        var signals: [PhotoID: Signals] = [:]
        for (name, count) in [("a", 1), ("b", 2), ("c", 5)] {
            var measured = Signals(sharpness: 0.5)
            measured.faces = Array(repeating: face, count: count)
            signals[Sketch.id(name)] = measured
        }
        var count = FilterCriteria(scope: .table)
        count.faceCount = FilterCriteria.Faces("2+")
        count.analysis = Analysis(project: project, signals: signals)
        #expect(try project.filter(count).map(\.id) == [Sketch.id("b"), Sketch.id("c")])
        count.faceCount = FilterCriteria.Faces("2")
        #expect(try project.filter(count).map(\.id) == [Sketch.id("b")])
        #expect(FilterCriteria.Faces("0") == nil && FilterCriteria.Faces("x+") == nil)
    }
}

/// Group shots: each person against each frame, the frame where most are good, and who to take from where.
@Suite struct GroupShotTests {
    static func face(_ x: Double, open: Bool, sharp: Double) -> Face {
        Face(box: [x, 0.1, 0.2, 0.2], pixels: 200, score: 1, eyes: open ? [0.32, 0.3] : [0.1, 0.1], sharpness: sharp)
    }

    static func signals(_ frames: [(Face, Face)]) -> [PhotoID: Signals] {
        var all: [PhotoID: Signals] = [:]
        for (k, (one, two)) in frames.enumerated() {
            var measured = Signals(sharpness: 0.5)
            measured.faces = [one, two]
            all[Sketch.id(["a", "b", "c", "d"][k])] = measured
        }
        return all
    }

    @Test func theFrameWithMostPeopleGoodIsSuggestedAndTheOthersAreTakenFromTheirBest() throws {
        let project = try Sketch.project("table: a b c | people: 1:Ana=a/0,b/0,c/0 2=a/1,b/1,c/1")
        let frames = ["a", "b", "c"].map(Sketch.id)
        let signals = Self.signals([
            (Self.face(0.1, open: true, sharp: 0.5), Self.face(0.6, open: false, sharp: 0.5)),
            (Self.face(0.1, open: true, sharp: 0.3), Self.face(0.6, open: true, sharp: 0.5)),
            (Self.face(0.1, open: true, sharp: 0.48), Self.face(0.6, open: true, sharp: 0.2))
        ])
        let shot = try #require(GroupShot.of(frames, signals: signals, people: project.everyone))
        #expect(shot.rows.map(\.person) == [1, 2] && shot.rows[0].name == "Ana" && shot.isGroup)
        #expect(shot.rows[1].cells.map { $0?.good } == [false, true, false], "closed, good, soft beside its 0.5")
        #expect(shot.suggested == frames[0] && shot.good == 1, "a tie of one good each: the sharpest faces")
        #expect(shot.swaps == [GroupShot.Swap(row: 1, from: frames[1])])
        #expect(shot.why == "most people good (1 of 2); 1 at their best in another frame (apolo stack show)")
    }

    @Test func aFrameWithEveryoneGoodWinsAndFacesInNoPersonAreMatchedByPlace() throws {
        let project = try Sketch.project("table: a b")
        let frames = ["a", "b"].map(Sketch.id)
        let signals = Self.signals([
            (Self.face(0.1, open: true, sharp: 0.5), Self.face(0.6, open: false, sharp: 0.5)),
            (Self.face(0.1, open: true, sharp: 0.45), Self.face(0.6, open: true, sharp: 0.45))
        ])
        let shot = try #require(GroupShot.of(frames, signals: signals, people: project.everyone))
        #expect(shot.rows.count == 2 && shot.rows.allSatisfy { $0.person == nil })
        #expect(shot.suggested == frames[1] && shot.swaps.isEmpty)
        #expect(shot.why == "everyone good (2 people): eyes open, faces sharp")
    }
}
