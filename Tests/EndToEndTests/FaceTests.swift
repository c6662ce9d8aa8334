import ApoloFixtures
import Foundation
import Testing

/// Faces and eyes end to end, on a real portrait (NASA, public domain; see Tests/Fixtures/faces/README.md).
@Suite struct FaceEndToEndTests {
    static let portrait = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/faces/astronaut.jpg").path

    func box(_ environment: [String: String] = [:]) throws -> Sandbox {
        let box = Sandbox()
        box.apolo("project", "new", "portraits")
        try FileManager.default.createDirectory(atPath: box.root + "/in", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.portrait, toPath: box.root + "/in/astronaut.jpg")
        try FixtureFiles.write(
            SamplePhoto("", seed: 3, width: 320, height: 240).jpeg(), to: box.root + "/in/street.jpg")
        box.environment = environment
        return box
    }

    func faces(_ box: Sandbox) throws -> [String: [[String: Any]]?] {
        let rows = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: rows.map { ($0["file"] as? String ?? "", $0["faces"] as? [[String: Any]]) })
    }

    @Test func aPortraitsFaceAndOpenEyesAreFoundAndFiltered() throws {
        let box = try box()
        let run = box.apolo("import", box.root + "/in")
        #expect(run.code == 0 && run.out.contains("1 with faces, 0 with eyes closed"), "\(run)")
        let found = try faces(box)
        let face = try #require(found["astronaut.jpg"]??.first)
        #expect(found["astronaut.jpg"]??.count == 1, "the round patch on the suit is no face: \(found)")
        #expect(face["eyes"] as? String == "open")
        let shares = try #require(face["box"] as? [Double])
        #expect(shares.count == 4 && abs(shares[0] - 0.35) < 0.05 && abs(shares[1] - 0.16) < 0.05, "\(shares)")
        #expect(found["street.jpg"]??.isEmpty == true, "measured, no face: []")
        let filtered = box.apolo("filter", "--from", "table", "--faces")
        #expect(filtered.out.contains("astronaut.jpg") && !filtered.out.contains("street.jpg"), "\(filtered)")
        #expect(box.apolo("filter", "--from", "table", "--closed-eyes").out.hasPrefix("no photos match on the table"))
        box.apolo("filter", "--from", "table", "--faces", "--new-shelf", "people")
        box.apolo("album", "compress", "people")
        #expect(box.apolo("export", "--to", box.root + "/out", "--sidecars").code == 0)
        let sidecar = try String(
            contentsOfFile: box.root + "/out/portraits/001-people-astronaut.jpg.xmp", encoding: .utf8)
        let centre = sidecar.firstMatch(of: /stArea:x="([0-9.]+)"/).flatMap { Double($0.1) } ?? 0
        #expect(
            sidecar.contains("<mwg-rs:Type>Face</mwg-rs:Type>") && abs(centre - (shares[0] + shares[2] / 2)) < 0.002
                && abs(centre - 0.435) < 0.02, "the face as an MWG region, centred on the box: \(sidecar)")
    }

    @Test func aBurstOfThePortraitSuggestsTheFrameWhoseFaceIsSharpAtFullSize() throws {
        let box = Sandbox()
        box.apolo("project", "new", "burst")
        let folder = URL(fileURLWithPath: Self.portrait).deletingLastPathComponent().path
        let frames = (1...3).map { "\(folder)/astronaut-burst-\($0).jpg" }
        #expect(box.run(["import"] + frames).code == 0)
        let list = box.apolo("stack", "list")
        #expect(list.out.contains("suggested: sharpest faces, all eyes open"), "\(list)")
        let best = list.out.split(separator: "\n").first { $0.hasPrefix("best") }
        #expect(best?.contains("astronaut-burst-2.jpg") == true, "the frame left sharp: \(list.out)")
        let first = list.out.split(separator: "\n").first { $0.contains("astronaut-burst-1.jpg") }
        #expect(first?.contains("unsharp") == true && best?.contains("unsharp") == false, "FACE FOCUS: \(list.out)")
        let found = try faces(box)
        let soft = try #require(found["astronaut-burst-1.jpg"]??.first?["sharpness"] as? Double)
        let sharp = try #require(found["astronaut-burst-2.jpg"]??.first?["sharpness"] as? Double)
        #expect(soft < 0.18 && sharp > 2 * soft, "σ 2.5 on the face: \(soft); untouched: \(sharp)")
    }

    @Test func aFaceFinderThatCrashesCostsThatPhotosFacesOnly() throws {
        let box = try box(["APOLO_FAULT_FACES": "crash"])
        let run = box.apolo("import", box.root + "/in")
        #expect(run.code == 0 && run.out.contains("imported 2") && run.out.contains("measured 2"), "\(run)")
        #expect(run.out.contains("faces not found on 2 photos: the face finder failed"), "said, not silent: \(run)")
        let found = try faces(box)
        #expect(found.count == 2 && found.values.allSatisfy { $0 == nil }, "faces absent, the rest measured: \(found)")
    }

    /// A worker that hangs is stopped after APOLO_FACE_SECONDS and, hanging three times in a row, retired for the
    /// run: six photos cost about three seconds, not six times the limit.
    @Test func aFaceFinderThatKeepsHangingIsRetiredForTheRun() throws {
        let box = try box(["APOLO_FAULT_FACES": "hang", "APOLO_FACE_SECONDS": "1"])
        for seed in 10..<14 {
            try FixtureFiles.write(
                SamplePhoto("", seed: seed, width: 320, height: 240).jpeg(),
                to: box.root + "/in/more-\(seed).jpg")
        }
        let run = box.apolo("import", box.root + "/in")
        #expect(run.code == 0 && run.out.contains("imported 6") && run.out.contains("measured 6"), "\(run)")
        #expect(
            run.err.contains("faces are off for the rest of this run: the face finder hung on 3 photos in a row"),
            "\(run)")
        box.environment = [:]
        let again = box.apolo("analyze")
        #expect(again.out.contains("1 with faces") && !again.out.contains("not found"), "tried again: \(again)")
    }

    @Test func withoutTheLandmarkModelFacesAreOffInWordsAndComeOnceItIsThere() throws {
        let box = try box(["APOLO_FACE_MODEL": "/nonexistent/model.dat"])
        let run = box.apolo("import", box.root + "/in")
        #expect(
            run.code == 0 && run.err.contains("note: faces are off: dlib's landmark model /nonexistent/model.dat"),
            "\(run)")
        box.environment = [:]
        let again = box.apolo("analyze")
        #expect(again.out.contains("1 with faces"), "measured again with faces once the model is there: \(again)")
    }

    /// A detector model that cannot be read is said, and the photos are measured again once YuNet finds faces.
    @Test func anUnreadableDetectorModelIsSaidAndItsPhotosAreMeasuredAgainOnceItReads() throws {
        let box = try box()
        try FixtureFiles.write(
            [UInt8]((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }), to: box.root + "/junk.onnx")
        box.environment = ["APOLO_FACE_DETECTOR": box.root + "/junk.onnx"]
        let run = box.apolo("import", box.root + "/in")
        #expect(
            run.code == 0 && run.out.contains("1 with faces")
                && run.err.contains("note: faces were found by dlib's older detector, which misses about a third")
                && run.err.contains("junk.onnx (APOLO_FACE_DETECTOR) cannot be read"), "\(run)")
        box.environment = ["APOLO_FACE_DETECTOR": ""]
        let chosen = box.apolo("analyze")
        #expect(chosen.out.contains("nothing new to measure") && !chosen.err.contains("older detector"), "\(chosen)")
        box.environment = [:]
        let again = box.apolo("analyze")
        #expect(again.out.contains("measured 2, already measured 0") && again.err.isEmpty, "\(again)")
        #expect(box.apolo("analyze").out.contains("nothing new to measure"), "once")
    }

    @Test func farFacesAreFoundWhenThePhotoIsLookedAtWholeForSmallFaces() throws {
        let box = Sandbox()  // two copies of the portrait in a 4,500 px photo, their faces about 45 px: 1%
        box.apolo("project", "new", "far")
        let folder = URL(fileURLWithPath: Self.portrait).deletingLastPathComponent().path
        #expect(box.apolo("import", "\(folder)/astronaut-far.jpg").out.contains("0 with faces"))
        #expect(box.apolo("analyze", "table:1").code == 2, "photos are named only with --small-faces")
        let run = box.apolo("analyze", "--small-faces", "table")
        #expect(
            run.code == 0 && run.out.contains("looked at 1 photo whole for faces from 40 px: 2 faces (0 before)"),
            "\(run)")
        let widths = try faces(box)["astronaut-far.jpg"]??.compactMap { ($0["box"] as? [Double])?[2] } ?? []
        #expect(widths.count == 2 && widths.allSatisfy { (40...70).contains($0 * 4500) }, "\(widths)")
        let again = box.apolo("analyze", "--small-faces", "astronaut-far.jpg")
        #expect(again.out.contains("every photo named was already looked at whole"), "once: \(again)")
    }
}
