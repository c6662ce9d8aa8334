import ApoloFixtures
import Foundation
import Testing

/// A PNG whose header is sound but whose pixels libvips cannot decode (its compressed data is noise).
func undecodablePNG(seed: UInt8) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] + Array(type.utf8) + data + [
            0, 0, 0, 0
        ]
    }
    let header: [UInt8] = [0, 0, 0, 64, 0, 0, 0, 48, 8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", [0x78, 0x9C] + (0..<200).map { UInt8(truncatingIfNeeded: Int($0) * 7 + Int(seed)) })
        + chunk("IEND", [])
}

/// Decode failures: named on the right file, never cached, never half-written; exports say what failed.
@Suite struct DecodeFailureTests {
    @Test func eachWarningNamesOnlyItsOwnFileAndNothingBrokenIsCached() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        for i in 0..<8 {
            try FixtureFiles.write(
                undecodablePNG(seed: UInt8(i)), to: box.root + "/bad/b\(i).png", modified: 1_700_000_000)
        }
        let run = box.apolo("import", box.root + "/bad", Samples.lisbon)
        #expect(run.code == 0, "\(run)")
        let warnings = run.errLines.filter { $0.contains("no thumbnail") }
        #expect(warnings.count == 8, "\(run)")
        for line in warnings {
            let own = try #require(
                line.split(separator: ":").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) })
            let others = (0..<8).map { "b\($0).png" }.filter { !own.hasSuffix($0) }
            #expect(others.allSatisfy { !line.contains($0) }, "a warning names another file: \(line)")
            #expect(line.contains("libvips cannot decode it"), "\(line)")
        }
        let cache = FileManager.default.enumerator(atPath: box.home + "/cache")?.compactMap { $0 as? String } ?? []
        #expect(!cache.contains { $0.contains(".tmp-") }, "no temp file left: \(cache)")
        try FixtureFiles.write([], to: box.home + "/cache/thumbs/ab/.tmp-1-2-ab.jpg")  // as an older apolo left them
        #expect(box.apolo("cache", "stats", "--json").out.contains("\"thumbnails\" : 10"), "only real thumbnails count")
        for _ in 0..<2 {
            let view = box.apolo("view", "b3.png")
            #expect(
                view.code == 1 && view.err.contains("cannot make a preview of 'b3.png': libvips cannot decode it"),
                "\(view)")
        }
        let previews = (try? FileManager.default.contentsOfDirectory(atPath: box.home + "/cache/previews")) ?? []
        #expect(previews.isEmpty, "nothing cached for an undecodable photo: \(previews)")
    }

    @Test func aResizedExportWritesWhatItCanListsWhatFailedAndLeavesAManifest() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        try FixtureFiles.write(undecodablePNG(seed: 1), to: box.root + "/bad/zz.png", modified: 1_700_000_000)
        box.apolo("import", Samples.lisbon + "/day1", box.root + "/bad")
        for line in ["shelf create a", "filter --from table --into a", "album compress a"] { box.line(line) }
        let run = box.apolo("export", "--to", "out", "--max-size", "64")
        #expect(run.code == 3 && run.err.contains("failed: \(box.root)/bad/zz.png: cannot resize"), "\(run)")
        let folder = box.root + "/out/trip"
        let manifest = try #require(
            json(
                String(
                    decoding: FileManager.default.contents(atPath: folder + "/apolo-export.json") ?? Data(),
                    as: UTF8.self)) as? [String: Any])
        let files = try #require(manifest["files"] as? [[String: Any]])
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "apolo-export.json" }
        #expect(files.count == written.count && !written.isEmpty && !written.contains { $0.contains("zz") })
        #expect(box.apolo("export", "--to", "out", "--max-size", "64", "--force").code == 3, "a rerun is not refused")
    }
}
