import ApoloCore
import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

@Suite struct ExifTests {
    @Test func readsDateSubSecondsOffsetCameraAndRating() {
        let facts = ExifReader.read(
            tiff: Build.exif(
                ExifWriter.Fields(
                    make: "Canon", model: "Canon EOS R6", orientation: 1, dateTimeOriginal: "2024:05:01 09:15:02",
                    subSecTimeOriginal: "25", offsetTimeOriginal: "+01:00", rating: 4)))
        #expect(facts.captured == "2024-05-01T09:15:02.25+01:00")
        #expect(facts.make == "Canon" && facts.model == "Canon EOS R6" && facts.rating == 4 && facts.warnings.isEmpty)
    }

    @Test(arguments: 1...8)
    func readsEveryOrientation(_ orientation: Int) {
        #expect(
            ExifReader.read(tiff: Build.exif(ExifWriter.Fields(orientation: orientation))).orientation == orientation)
    }

    @Test func onlyWhatTheFileHoldsIsReported() {
        let facts = ExifReader.read(tiff: Build.exif(ExifWriter.Fields(make: "Solo")))
        #expect(facts.make == "Solo" && facts.model == nil && facts.captured == nil && facts.orientation == 1)
    }

    @Test func invalidValuesBecomeWarnings() {
        let facts = ExifReader.read(
            tiff: Build.exif(ExifWriter.Fields(orientation: 9, dateTimeOriginal: "0000:00:00 00:00:00")))
        #expect(facts.orientation == 1 && facts.captured == nil)
        #expect(facts.warnings.count == 2)
        #expect(
            !ExifReader.read(tiff: [0x4D, 0x4D, 0, 42, 0xFF, 0xFF, 0xFF, 0] + [UInt8](repeating: 7, count: 16)).warnings
                .isEmpty)
    }

    @Test func contentHashIsSHA256() {
        #expect(ContentHash.of(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

/// A temp folder removed when the test ends.
final class TemporaryFolder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("apolo-media-\(UUID().uuidString)").path

    init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct ReaderTests {
    let temporary = TemporaryFolder()

    func folder() -> String { temporary.path }

    @Test func readsAPhotoFileAndLeavesItUntouched() throws {
        let dir = folder()
        let photo = SamplePhoto(
            dir + "/a b'c.jpg", seed: 3, width: 40, height: 30,
            exif: ExifWriter.Fields(orientation: 6, dateTimeOriginal: "2023:01:02 03:04:05"))
        let bytes = photo.jpeg()
        try FixtureFiles.write(bytes, to: photo.path, modified: 1_700_000_000)
        let file = try PhotoReader.read(photo.path).get()
        #expect(file.photo.file == "a b'c.jpg" && file.photo.path == photo.path)
        #expect(
            file.photo.width == 30 && file.photo.height == 40 && file.photo.orientation == 6,
            "header size is the stored size, before orientation")
        #expect(file.photo.captured == "2023-01-02T03:04:05" && file.photo.bytes == bytes.count)
        #expect(file.photo.modified == "2023-11-14T22:13:20.000Z" && file.photo.id == ContentHash.of(bytes))
        let attributes = try FileManager.default.attributesOfItem(atPath: photo.path)
        #expect((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 == 1_700_000_000)
        #expect(FileManager.default.contents(atPath: photo.path).map(Array.init) == bytes)
    }

    @Test func failuresSayWhy() throws {
        let dir = folder()
        #expect(PhotoReader.read(dir + "/missing.jpg").failureReason?.contains("no such file") == true)
        #expect(PhotoReader.read(dir).failureReason == "it is a folder, not a regular file")
        try FixtureFiles.write([], to: dir + "/empty.jpg")
        #expect(PhotoReader.read(dir + "/empty.jpg").failureReason == "empty file")
    }

    @Test func scannerRecursesSkipsHiddenAndSidecarsAndDoesNotFollowFolderLinks() throws {
        let dir = folder()
        for path in ["a.jpg", "sub/b.jpg", "sub/deeper/c.jpg", ".hidden.jpg", ".cache/d.jpg", "a.jpg.xmp"] {
            try FixtureFiles.write([1], to: dir + "/" + path)
        }
        try FileManager.default.createSymbolicLink(atPath: dir + "/sub/loop", withDestinationPath: dir)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.jpg", withDestinationPath: dir + "/a.jpg")
        let result = FileScanner.scan([dir, dir + "/.hidden.jpg", dir + "/nope"])
        let relative = result.files.map { $0.hasPrefix(dir + "/") ? String($0.dropFirst(dir.count + 1)) : $0 }
        #expect(relative == ["a.jpg", "link.jpg", "sub/b.jpg", "sub/deeper/c.jpg", ".hidden.jpg"])
        #expect(result.failures.map(\.path) == [dir + "/nope"])
    }
}

extension Result where Failure == InspectFailure {
    var failureReason: String? {
        if case .failure(let failure) = self { return failure.reason }
        return nil
    }
}
