import ApoloFixtures
import Foundation
import Testing

/// `apolo ingest` with the names a hostile or careless card holds: case clashes, 255 bytes, several dots, control
/// characters, a damaged registry, and photos that look alike.
@Suite struct IngestNamesTests {
    /// Three shots, four odd names and a raw named like a JPEG of another folder, each photo's bytes different.
    func oddCard(_ box: Sandbox) throws -> String {
        let card = box.root + "/card"
        try CardSet.write(count: 3, width: 96, height: 64, to: card)
        let dcim = card + "/DCIM/100APOLO/"
        let bytes = Array(FileManager.default.contents(atPath: dcim + "DSC_0002.JPG") ?? Data())
        let odd = [
            "dsc_0001.jpg", "A." + String(repeating: "x", count: 249) + ".JPG", "IMG_9.jpg.xmp.jpg",
            "tab\tesc\u{1b}.del\u{7f}nl\n.J\tPG"
        ]
        for (number, name) in odd.enumerated() {
            try FixtureFiles.write(bytes + [UInt8(number)], to: dcim + name)
        }
        try FixtureFiles.write(bytes + [9], to: card + "/DCIM/101APOLO/DSC_0002.NEF")
        return card
    }

    func names(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).sorted()
    }

    @Test func oddNamesAreCopiedEachUnderAFittingCleanName() throws {
        let box = Sandbox()
        let card = try oddCard(box)
        let run = box.apolo("ingest", card, "--to", "out", "--folders", "", "--no-import")
        #expect(run.code == 0 && run.out.contains("copied 8 photos (9 files"), "\(run)")
        let copied = names(box.root + "/out").map { ($0 as NSString).lastPathComponent }
        #expect(
            copied.contains("DSC_0001.JPG") && copied.contains("dsc_0001-2.jpg"),
            "names equal but for case never share a name: \(copied)")
        #expect(copied.contains("DSC_0002.NEF"), "a name used with another ending is still free: \(copied)")
        #expect(copied.contains("IMG_9.jpg.xmp.jpg") && copied.contains("tab_esc_.del_nl_.J_PG"), "\(copied)")
        #expect(copied.contains("A." + String(repeating: "x", count: 198) + ".JPG"), "\(copied)")
        #expect(!copied.contains { $0.hasSuffix(".apolo-part") || $0.contains("\n") }, "\(copied)")
        let other = Sandbox()
        let numbered = other.apolo(
            "ingest", try oddCard(other), "--to", "out", "--job", "j", "--name",
            "{job}_{seq:4}", "--no-import")
        #expect(numbered.code == 0 && numbered.out.contains("copied 8 photos (9 files"), "\(numbered)")
        #expect(names(other.root + "/out").filter { $0.contains("j_0") && !$0.hasSuffix(".xmp") }.count == 8)
    }

    @Test func aDamagedRegistryLineIsIgnoredAndSaid() throws {
        let box = Sandbox()
        let card = box.root + "/card"
        try CardSet.write(count: 2, width: 96, height: 64, to: card)
        let hash = String(repeating: "ab", count: 32)
        let lines = [
            "1\t9:x\t\(hash)\t9\tj\t2026-05-02\t9223372036854775807\t9223372036854775807\tnow\t/c/a\t/o/a",
            "1\t9:y\t\(hash)\t9\tj\t2026-05-02\t-4\t1\tnow\t/c/b\t/o/b",
            "1\t9:z\t\(hash)\t-1\tj\t2026-05-02\t2\t2\tnow\t/c/c\t/o/c", "1\tNaN\tj"
        ]
        try FixtureFiles.write(Array(lines.joined(separator: "\n").utf8), to: box.home + "/ingest/ingested.tsv")
        let run = box.apolo("ingest", card, "--to", "out", "--job", "j", "--name", "{job}_{seq:4}", "--no-import")
        #expect(run.code == 0 && run.out.contains("copied 2 photos"), "\(run)")
        #expect(run.err.contains("ingested.tsv: 4 damaged lines (1, 2, 3, 4) are ignored"), "\(run.err)")
        #expect(names(box.root + "/out").contains("2026/2026-05-02_j/j_0001.JPG"), "\(names(box.root + "/out"))")
    }

    @Test func aPhotoWithTheSameQuickPrintButOtherBytesIsCopied() throws {
        let box = Sandbox()
        try CardSet.write(count: 1, width: 96, height: 64, to: box.root + "/model")
        let jpeg = Array(FileManager.default.contents(atPath: box.root + "/model/DCIM/100APOLO/DSC_0001.JPG") ?? Data())
        var padded = jpeg + [UInt8](repeating: 0, count: 300_000 - jpeg.count)
        for (card, names) in [("card", ["P1", "P2"]), ("card2", ["P3"])] {
            for name in names {
                padded[150_000] &+= 1
                try FixtureFiles.write(padded, to: box.root + "/\(card)/\(name).JPG")
            }
        }
        let one = box.apolo("ingest", box.root + "/card", "--to", "out", "--no-import")
        #expect(one.code == 0 && one.out.contains("copied 2 photos"), "the same first and last 64 KiB: \(one)")
        let two = box.apolo("ingest", box.root + "/card2", "--to", "out", "--no-import")
        #expect(two.code == 0 && two.out.contains("copied 1 photo"), "\(two)")
    }
}
