import ApoloFixtures
import Foundation
import Testing

/// Deciding faster, end to end: a labelled generated set (a sharp photo, its Gaussian and motion-blurred copies,
/// a burst of four with one softened frame) through import, the JSON listings, filters and the stack commands.
@Suite struct CullTests {
    /// The slides of `table --json` by file name.
    static func slides(_ box: Sandbox) throws -> [String: [String: Any]] {
        let rows = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["file"] as? String ?? "", $0) })
    }

    @Test func importMeasuresFlagsBlurAndStacksTheBurstAndOneKeyKeepsItsBest() throws {
        let box = Sandbox()
        try CullSet.write(singles: 1, bursts: 1, width: 800, height: 600, to: box.root + "/set")
        let labels = try #require(
            json(String(contentsOfFile: box.root + "/set/labels.json", encoding: .utf8))
                as? [[String: Any]])
        let soft = try #require(labels.first { $0["soft"] as? Bool == true }?["file"] as? String)
        box.apolo("project", "new", "wedding")
        let imported = box.apolo("import", box.root + "/set/single", box.root + "/set/burst")
        #expect(
            imported.out.contains("analysed: measured 7, already measured 0, failed 0; 1 stack of 4 photos"),
            "\(imported)")
        var slides = try Self.slides(box)
        for (file, blurry) in [("sharp-0.jpg", false), ("gauss-0.jpg", true), ("motion-0.jpg", true)] {
            #expect(slides[file]?["blurry"] as? Bool == blurry, "\(file): \(slides[file] ?? [:])")
            #expect(slides[file]?["stack"] == nil, "alike, but ten minutes apart: no burst")
        }
        let burst = (0..<4).map { "burst0-\($0).jpg" }
        let stack = try #require(slides[burst[0]]?["stack"] as? String)
        #expect(burst.allSatisfy { slides[$0]?["stack"] as? String == stack })
        let best = burst.filter { slides[$0]?["best"] as? Bool == true }
        #expect(best.count == 1 && !soft.hasSuffix(best[0]), "one suggested frame, never the softened one")
        #expect(slides[soft.components(separatedBy: "/").last ?? ""]?["blurry"] as? Bool == true)
        let clipped = try #require(slides["sharp-0.jpg"]?["clipped"] as? [String: Any])
        #expect(clipped["highlights"] is Double && clipped["shadows"] is Double && clipped["flagged"] is Bool)
        #expect(slides["sharp-0.jpg"]?["sharpness"] is Double)

        let blurred = box.apolo("filter", "--from", "table", "--blurry", "--json")
        let files = (json(blurred.out) as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }.sorted()
        #expect(files == ["gauss-0.jpg", "motion-0.jpg", soft.components(separatedBy: "/").last ?? ""].sorted())
        #expect(
            box.apolo("filter", "--from", "table", "--stack-best", "--new-shelf", "picks").out
                .hasPrefix("4 matches; added 4 to shelf 'picks'"), "three singles and the burst's best")
        #expect(box.apolo("undo").code == 0)

        let list = box.apolo("stack", "list")
        #expect(list.code == 0 && list.out.contains("stack \(stack): 4 photos") && list.out.contains("best"))
        let keep = box.apolo("stack", "keep", "table:4")
        #expect(
            keep.code == 0 && keep.out.contains("kept '\(best[0])' of its stack of 4; discarded the other 3"),
            "\(keep)")
        slides = try Self.slides(box)
        #expect(slides.count == 4 && slides[best[0]] != nil && slides[best[0]]?["stack"] == nil)
        #expect(box.apolo("undo").code == 0)
        #expect(try Self.slides(box).count == 7, "one undo brings the burst back")
        #expect(box.apolo("analyze").out.hasPrefix("nothing new to measure: 7 measured;"), "measured once")
        #expect(
            list.out.contains("FOCUS") && list.out.contains("sharpest") && list.out.contains("% softer"),
            "each frame's focus next to its stack's sharpest: \(list.out)")
    }

    /// A filter that finds nothing where it looked says where it would find some; an analysis
    /// with nothing new to measure says so and exits 0 (it reprinted the same failures, exit 3, on every run);
    /// `stack list` with every photo measured and no stack says that.
    @Test func emptyAnswersSayWhy() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 64, height: 48).jpeg(), to: box.root + "/in/a.jpg")
        // a PNG whose header is sound and whose pixels are not: imported, then refused by the decoder
        let chunk = { (type: String, data: [UInt8]) -> [UInt8] in
            [0, 0, 0, UInt8(data.count)] + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk(
                "IHDR",
                [
                    0, 0, 0, 64, 0, 0, 0, 48,
                    8, 2, 0, 0, 0
                ]) + chunk("IDAT", [1, 2, 3, 4]) + chunk("IEND", [])
        try FixtureFiles.write(png, to: box.root + "/in/b.png")
        box.apolo("import", "--no-analyze", box.root + "/in")
        let none = box.apolo("filter", "--min-rating", "0")
        #expect(none.out.hasPrefix("no photos match on the shelves; 2 match on the table (--from table)"), "\(none)")
        let into = box.apolo("filter", "--new-shelf", "picks")
        let said = "no photos match on the shelves; 2 match on the table (--from table); no shelf 'picks' was made"
        #expect(
            into.err.contains(said) && into.code != 0 && !box.apolo("shelf", "list").out.contains("picks"),
            "\(into)")
        let first = box.apolo("analyze")
        #expect(first.code == 3 && first.err.contains("b.png"), "\(first)")
        let second = box.apolo("analyze")
        #expect(
            second.code == 0 && second.err.isEmpty
                && second.out.hasPrefix(
                    "nothing new to measure: 1 measured, "
                        + "1 could not be measured before (apolo analyze --again tries them again)"),
            "\(second)")
        #expect(box.apolo("analyze", "--again").code == 3, "--again tries it again")
        let stacks = box.apolo("stack", "list")
        #expect(stacks.out.hasPrefix("no stacks"), "\(stacks)")
        #expect(!stacks.out.contains("once measured"), "\(stacks)")
    }

    @Test func splitMergeAndLabelsAreEditsOfTheHistory() throws {
        let box = Sandbox()
        try CullSet.write(singles: 0, bursts: 1, width: 640, height: 480, to: box.root + "/set")
        box.apolo("project", "new", "trip")
        box.apolo("import", box.root + "/set/burst")
        let split = box.apolo("stack", "split", "table:3")
        #expect(split.out == "split the stack before 'burst0-2.jpg'\n", "\(split)")
        #expect(box.apolo("stack", "list").out.contains("2 stacks"))
        #expect(box.apolo("stack", "merge", "table:1", "table:4").out == "made one stack of 4 photos\n")
        #expect(box.apolo("stack", "list").out.contains("1 stack (keep"))
        #expect(box.apolo("undo", "2").code == 0 && box.apolo("stack", "list").out.contains("1 stack (keep"))
        #expect(box.apolo("stack", "split", "table:1").err.contains("already begins its stack"))

        #expect(box.apolo("label", "table:1-2", "red").out == "labelled 2 photos red\n")
        let red = box.apolo("filter", "--from", "table", "--label", "red", "--json")
        #expect((json(red.out) as? [[String: Any]])?.compactMap { $0["label"] as? String } == ["red", "red"])
        #expect(box.apolo("label", "table:1", "pink").code == 1)
        #expect(box.apolo("label", "table:1", "pink").err.contains("red, yellow, green, blue, purple or none"))
        #expect(box.apolo("undo").code == 0 && !box.apolo("table", "--json").out.contains("\"label\""))
    }
}
