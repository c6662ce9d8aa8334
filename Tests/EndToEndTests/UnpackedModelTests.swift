import ApoloCore
import ApoloStore
import Foundation
import Testing

/// The face finder's models unpacked into APOLO_MODEL_CACHE (the worker's unpacked.hpp): the same faces and eyes as
/// from dlib's own files, read without being made again, and a damaged file or a link in its place never used.
@Suite struct UnpackedModelTests {
    /// Each photo's faces as measured again (boxes, eyes' openings, identity descriptors: all from the landmarks).
    func faces(_ box: Sandbox, models: String) throws -> String {
        box.environment = ["APOLO_MODEL_CACHE": models]
        let run = box.apolo("analyze", "--again", "--quiet")
        #expect(run.code == 0, "\(run)")
        let rows = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        let ids = Set(rows.compactMap { $0["id"] as? String })
        let signals = try MetadataCache(folder: box.home + "/cache").signals(for: ids)
        let faces = ids.sorted().map { signals[$0]?.faces ?? [] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(faces), as: UTF8.self)
    }

    /// The file's identity and modification time: a file made again has a later time (its number may be reused).
    func made(_ path: String) -> [Int]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }

    @Test func unpackedModelsFindWhatDlibsFilesFindAndADamagedOneIsMadeAgain() throws {
        let box = try FaceEndToEndTests().box()
        #expect(box.apolo("import", "--no-analyze", box.root + "/in").code == 0)
        let models = box.root + "/models", file = models + "/faces-unpacked.bin"
        let packed = try faces(box, models: "")
        #expect(packed.contains("\"identity\":") && packed.contains("\"eyes\":[0.3"), "the portrait's face: \(packed)")
        #expect(!FileManager.default.fileExists(atPath: models), "APOLO_MODEL_CACHE empty: nothing unpacked")
        #expect(try faces(box, models: models) == packed, "unpacked while read as dlib packs them")
        let size = try #require((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int)
        #expect(size > 50 << 20, "the landmark model's trees, unpacked: \(size)")
        let first = try #require(made(file)), bytes = try #require(FileManager.default.contents(atPath: file))
        #expect(try faces(box, models: models) == packed && made(file) == first, "read, not made again")

        let handle = try #require(FileHandle(forUpdatingAtPath: file))
        try handle.seek(toOffset: UInt64(size / 2))
        let byte = try #require(try handle.read(upToCount: 1)).first ?? 0
        try handle.seek(toOffset: UInt64(size / 2))
        try handle.write(contentsOf: [byte ^ 0x40])
        try handle.close()
        #expect(try faces(box, models: models) == packed, "one damaged byte: read as dlib packs them")
        #expect(made(file) != first && FileManager.default.contents(atPath: file) == bytes, "and made again")

        let secret = box.root + "/secret"
        try "not a model".write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: secret)
        #expect(try faces(box, models: models) == packed, "a link in its place is not followed")
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "not a model", "what it named is untouched")
        let kind = (try? FileManager.default.attributesOfItem(atPath: file))?[.type] as? FileAttributeType
        #expect(kind == .typeRegular, "the link replaced by a file of its own")
    }
}
