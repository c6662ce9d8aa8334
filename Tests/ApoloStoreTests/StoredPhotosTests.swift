import ApoloCore
import Foundation
import Testing
@testable import ApoloStore

/// Photos left undecoded in the loaded document: what commands read and what saves write must be exactly
/// what decoding everything and encoding it again would give.
@Suite struct StoredPhotosTests {
    /// Twelve photos (one with an awkward, escaped file name), some on shelves, one discarded.
    static func loaded() throws -> (Project, [UInt8]) {
        var project = try ReaderTests.awkward()
        for n in 0..<10 { project.photos[Sketch.id("p\(n)")] = Sketch.photo("p\(n)", index: n) }
        let bytes = try DocumentCodec.encode(project)
        let loaded = try DocumentCodec.decode(bytes)
        #expect(loaded.photos.source is DocumentPhotos, "apolo's own layout is indexed, not decoded")
        return (loaded, bytes)
    }

    /// The document as a full decode and encode would write it.
    static func reference(_ project: Project) throws -> [UInt8] {
        var copy = project
        copy.photos = Photos(Dictionary(project.photos.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }))
        #expect(copy.photos.source == nil)
        return try DocumentCodec.encode(copy)
    }

    @Test func unchangedDocumentsSaveByteForByte() throws {
        let (project, bytes) = try Self.loaded()
        #expect(try DocumentCodec.encode(project) == bytes)
        #expect(try Self.reference(project) == bytes)
    }

    @Test func changesAdditionsAndRemovalsAnywhereInTheOrderSaveAsAFullEncodeWould() throws {
        let (loaded, _) = try Self.loaded()
        let ids = loaded.photos.keys
        for (changed, removed) in [(0, ids.count - 1), (ids.count - 1, 0), (5, 6), (3, 3)] {
            var project = loaded
            project.photos[ids[changed]]?.rating = 4
            project.photos[ids[changed]]?.tags.append("new \"tag\"")
            project.photos[ids[removed]] = nil
            project.shelves = project.shelves.map {
                SlideRow(name: $0.name, slides: $0.slides.filter { $0 != ids[removed] })
            }
            project.albums = project.albums.map {
                SlideRow(name: $0.name, slides: $0.slides.filter { $0 != ids[removed] })
            }
            for extra in ["0", "zz", "p5x"] { project.photos[Sketch.id(extra)] = Sketch.photo(extra) }
            let saved = try DocumentCodec.encode(project)
            #expect(saved == (try Self.reference(project)), "changed \(changed), removed \(removed)")
            let reread = try DocumentCodec.decode(saved)
            #expect(reread == project && reread.photos.count == ids.count + 2)
            #expect(ProjectPatch.between(loaded, project).photos.count == (changed == removed ? 1 : 2) + 3)
        }
    }

    @Test func theCountKeptAsPhotosAreSetIsTheCountOfEveryPhoto() throws {
        var (project, _) = try Self.loaded()
        let kept = project.photos.keys[2], other = Sketch.id("new"), before = project.photos.keys.count
        let steps: [(PhotoID, Photo?)] = [
            (kept, Sketch.photo("changed")), (kept, nil), (kept, nil), (kept, Sketch.photo("back")),
            (other, Sketch.photo("new")), (other, Sketch.photo("new again")), (other, nil), (other, nil)
        ]
        for (n, (id, photo)) in steps.enumerated() {
            project.photos[id] = photo
            #expect(project.photos.count == project.photos.keys.count, "after step \(n + 1)")
        }
        #expect(project.photos.count == before)
    }

    @Test func pairsAreFlaggedInTheIndexAndFoundWithoutDecodingTheRest() throws {
        var project = try ReaderTests.awkward()
        for n in 0..<6 {
            var photo = Sketch.photo("p\(n)", index: n)
            photo.rating = 5
            if n.isMultiple(of: 3) {
                photo.pair = Pair(id: Sketch.id("j\(n)"), file: "p\(n).JPG", path: "/card/p\(n).JPG", bytes: 9)
            }
            project.photos[Sketch.id("p\(n)")] = photo
        }
        let loaded = try DocumentCodec.decode(try DocumentCodec.encode(project))
        let source = try #require(loaded.photos.source as? DocumentPhotos)
        #expect(Set(loaded.photos.paired().map(\.id)) == [Sketch.id("p0"), Sketch.id("p3")])
        let p0 = try #require(source.index(of: Sketch.id("p0")))
        #expect(source.isPaired(at: p0) && source.rating(at: p0) == 5, "the pair's bit leaves the rating's bits alone")
        var changed = loaded
        changed.photos[Sketch.id("p3")]?.pair = nil
        #expect(changed.photos.paired().map(\.id) == [Sketch.id("p0")], "a change since loading wins over the index")
    }

    @Test func lookupsAnswerWithoutDecodingAndAgreeWithChanges() throws {
        var (project, _) = try Self.loaded()
        let odd = Sketch.id("odd")
        #expect(project.photos.named("new\nline \"q\" back\\slash tab\t ünï ☃ 🎞 \u{1}.jpg").map(\.id) == [odd])
        #expect(project.photos.named("p3.jpg").map(\.id) == [Sketch.id("p3")])
        #expect(project.photos.isDiscarded(odd) == true && project.photos.isDiscarded(Sketch.id("p3")) == false)
        #expect(project.photos.keys(withPrefix: String(odd.prefix(8))) == [odd])
        #expect(Set(project.photos.tagged().map(\.id)) == [Sketch.id("b"), odd])
        #expect(
            project.photos.ratingAndTagged(Sketch.id("b"))! == (3, true)
                && project.photos.ratingAndTagged(odd)! == (5, true))
        #expect(
            project.photos.ratingAndTagged(Sketch.id("p3"))! == (0, false)
                && project.photos.ratingAndTagged("nope") == nil)
        let decoded = try DocumentCodec.decode(try Self.reference(project))
        for criteria in [
            FilterCriteria(tags: ["x"], scope: .all), FilterCriteria(rating: .atLeast(1), scope: .all),
            FilterCriteria(tags: ["x", "ĉ"], anyTag: true, rating: .exactly(3), scope: .all),
            FilterCriteria(scope: .all)
        ] {
            #expect(try project.filter(criteria) == decoded.filter(criteria))
        }
        project.photos[Sketch.id("p3")]?.file = "renamed.jpg"
        project.photos[odd]?.discarded = false
        project.photos[Sketch.id("b")]?.tags = []
        #expect(project.photos.tagged().map(\.id) == [odd])
        #expect(project.photos.named("p3.jpg").isEmpty && project.photos.named("renamed.jpg").count == 1)
        #expect(project.photos.isDiscarded(odd) == false)
        project.photos[odd] = nil
        #expect(project.photos.keys(withPrefix: String(odd.prefix(8))).isEmpty && !project.photos.contains(odd))
        #expect(project.photos.count == 13 && project.photos.isDiscarded(odd) == nil)
    }

    @Test func tableOrderFromTheIndexMatchesDecodedPhotos() throws {
        var project = try ReaderTests.awkward()
        for n in 0..<40 {
            var photo = Sketch.photo("t\(n)", index: n % 3)
            if n % 5 == 0 { photo.captured = nil }
            if n % 7 == 0 { photo.file = "same.jpg" }
            if n % 11 == 0 { photo.captured = "2024-01-01T00:00:00.5+01:00" }
            project.photos[photo.id] = photo
        }
        let loaded = try DocumentCodec.decode(try DocumentCodec.encode(project))
        var edited = loaded
        edited.photos[Sketch.id("t3")]?.captured = "2023-12-31T22:00:00Z"
        edited.photos[Sketch.id("t4")]?.discarded = true
        edited.photos[Sketch.id("t6")] = nil
        edited.photos[Sketch.id("t40")] = Sketch.photo("t40", index: 2)
        for sample in [loaded, edited] {
            let decoded = try DocumentCodec.decode(try Self.reference(sample))
            #expect(sample.slides(of: .table) == sample.table.map(\.id))
            #expect(sample.slides(of: .table) == decoded.table.map(\.id))
            #expect(sample.slides(of: .discarded) == decoded.discarded.map(\.id))
            #expect(Array(sample.slideViews(.table)).map(\.id) == sample.slides(of: .table))
            for (n, id) in sample.slides(of: .table).enumerated() where n % 7 == 0 {
                #expect(sample.locations(of: id) == [SlideLocation(.table, n + 1)])
                #expect(try sample.photoID(at: SlideLocation(.table, n + 1)) == id)
            }
            for (n, id) in sample.slides(of: .discarded).enumerated() {
                #expect(sample.locations(of: id) == [SlideLocation(.discarded, n + 1)])
            }
            let captured = decoded.photos.select(discarded: false).filter { $0.captured != nil }.sortedForTable()
            let order = sample.photos.captureRefs()
            #expect(order.times.indices.map(order.id) == captured.map(\.id), "bursts read the index alone")
            #expect(order.times == captured.map(\.sortTime))
            #expect(Array(sample.photos.lazy.map(\.key)) == decoded.photos.keys, "iterated one at a time, in id order")
            #expect(Array(sample.photos.lazy.map(\.value)) == decoded.photos.keys.compactMap { decoded.photos[$0] })
        }
        #expect(
            edited.slides(of: .table).first == Sketch.id("t3") && !edited.slides(of: .table).contains(Sketch.id("t4")))
    }

    @Test func largeDocumentsAreCheckedInTwoHalvesThatMustMeet() throws {
        var project = Project(name: "large")
        for n in 0..<12_000 { project.photos[Sketch.id("p\(n)")] = Sketch.photo("p\(n)", index: n % 1000) }
        let bytes = try DocumentCodec.encode(project)
        #expect(bytes.count > 1 << 22, "large enough to be split")
        let loaded = try DocumentCodec.decode(bytes)
        #expect(loaded.photos.source is DocumentPhotos && loaded.photos.count == 12_000)
        #expect(loaded.photos.keys == project.photos.keys && loaded == project)
        #expect(loaded.table == project.table, "decoded on every core, in table order")
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let middle = lines.count / 2
        lines[(middle - 40)..<(middle + 40)].reverse()
        for k in (middle - 40)..<(middle + 40) where !lines[k].hasSuffix(",") { lines[k] += "," }
        let last = lines.lastIndex { $0.hasPrefix("    \"") }!
        lines[last] = lines[last].hasSuffix(",") ? lines[last].dropLast() : lines[last]
        let unsorted = try DocumentCodec.decode(Array(lines.joined(separator: "\n").utf8))
        #expect(unsorted.photos.source == nil, "keys out of order across the halves: decoded in full")
        #expect(unsorted == project)
    }

    @Test func otherLayoutsAreDecodedInFull() throws {
        let (project, bytes) = try Self.loaded()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        let foreign = Array(try encoder.encode(project))
        let reread = try DocumentCodec.decode(foreign)
        #expect(reread.photos.source == nil, "one photo over several lines, keys in any order")
        #expect(try reread == project && DocumentCodec.encode(reread) == bytes)
    }
}
