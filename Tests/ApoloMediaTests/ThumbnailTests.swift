import ApoloCore
import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

@Suite struct ThumbnailTests {
    let temporary = TemporaryFolder()

    @Test(arguments: 1...8)
    func thumbnailsAreUprightForEveryOrientation(_ orientation: Int) throws {
        let path = temporary.path + "/o\(orientation).jpg"
        try FixtureFiles.write(Painter.oriented(width: 96, height: 64, seed: 2, orientation: orientation), to: path)
        let store = ThumbnailStore(cache: temporary.path)
        let thumb = try store.make(from: path, id: String(repeating: "\(orientation)", count: 64)).path
        let image = try Vips.open(thumb)
        #expect(image.width == 96 && image.height == 64, "orientation \(orientation): \(image.width)×\(image.height)")
        let corner = try image.pixel(3, 3), opposite = try image.pixel(92, 3)
        #expect(corner.r > 180 && corner.g < 80 && corner.b < 80, "orientation \(orientation): top-left is \(corner)")
        #expect(!(opposite.r > 180 && opposite.g < 80), "orientation \(orientation): marker also at top-right")
    }

    @Test func aFileVipsCannotReadIsAnErrorNotACrash() throws {
        let path = temporary.path + "/bad.jpg"
        try FixtureFiles.write([0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3], to: path)
        #expect(throws: MediaError.self) {
            try ThumbnailStore(cache: temporary.path + "/t").make(from: path, id: "cd0000")
        }
    }
}

/// The cache never follows a link: an entry or a folder swapped for one is neither served nor written through.
@Suite struct CacheLinkTests {
    let temporary = TemporaryFolder()
    let id = String(repeating: "ab", count: 32)

    func original() throws -> String {
        let path = temporary.path + "/o.jpg"
        try FixtureFiles.write(Painter.oriented(width: 96, height: 64, seed: 2, orientation: 1), to: path)
        return path
    }

    @Test func aCachedThumbnailThatIsALinkToASecretIsNeverRead() throws {
        let secret = temporary.path + "/secret.txt"
        try FixtureFiles.write(Array("id_rsa".utf8), to: secret)
        let store = ThumbnailStore(cache: temporary.path + "/cache")
        try FileManager.default.createDirectory(
            atPath: temporary.path + "/cache/thumbs/ab", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: store.path(for: id), withDestinationPath: secret)
        #expect(!store.has(id) && store.read(id) == nil)
        let bytes = try store.picture(of: try original(), id: id)
        #expect(bytes.starts(with: [0xFF, 0xD8]), "made again from the original")
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "id_rsa", "the link's target is untouched")
        #expect(store.read(id) == bytes)
    }

    @Test func aCachedThumbnailHardLinkedToAnotherFileIsNeverServed() throws {
        let secret = temporary.path + "/secret.jpg"
        try FixtureFiles.write(SamplePhoto("", seed: 4, width: 16, height: 16).jpeg(), to: secret)
        let store = ThumbnailStore(cache: temporary.path + "/cache")
        try FileManager.default.createDirectory(
            atPath: temporary.path + "/cache/thumbs/ab", withIntermediateDirectories: true)
        #expect(link(secret, store.path(for: id)) == 0)
        #expect(store.read(id) == nil, "a hard link is no picture of apolo's")
        #expect(FileManager.default.fileExists(atPath: secret), "only the cache's name of it is removed")
        #expect(!FileManager.default.fileExists(atPath: store.path(for: id)))
    }

    @Test(arguments: [["thumbs", "ab"], ["thumbs"], ["previews"]])
    func aCacheFolderThatIsALinkIsRefusedAndNothingLandsOutside(_ linked: [String]) throws {
        let outside = temporary.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let cache = temporary.path + "/cache"
        try FileManager.default.createDirectory(
            atPath: cache + "/" + linked.dropLast().joined(separator: "/"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: cache + "/" + linked.joined(separator: "/"), withDestinationPath: outside)
        let path = try original()
        if linked == ["previews"] {
            let photo = Photo(id: id, file: "o.jpg", path: path, bytes: 1, modified: "2024-01-01T00:00:00Z")
            #expect(throws: MediaError.self) { try PreviewStore(cache: cache).preview(of: photo, size: 64) }
        } else {
            #expect(throws: MediaError.self) { try ThumbnailStore(cache: cache).make(from: path, id: id) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    @Test func aTempFileOfAKilledImportIsCleanedAndALiveOnesIsKept() throws {
        let store = ThumbnailStore(cache: temporary.path + "/cache")
        _ = try store.make(from: try original(), id: id)
        let folder = temporary.path + "/cache/thumbs/ab/"
        let dead = folder + ".tmp-999999999-1-\(id).jpg", live = folder + ".tmp-\(getppid())-1-\(id).jpg"
        try FixtureFiles.write([1], to: dead)
        try FixtureFiles.write([1], to: live)
        store.removeStaleTemps()
        #expect(!FileManager.default.fileExists(atPath: dead) && FileManager.default.fileExists(atPath: live))
        #expect(store.has(id))
    }
}
