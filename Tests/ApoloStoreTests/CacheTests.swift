import ApoloCore
import Foundation
import Testing
@testable import ApoloStore

@Suite struct CacheTests {
    let home = TemporaryHome()
    var folder: String { home.store.home.cacheFolder }

    /// A crafted row can give a photo neither another path nor an id that would name a file outside the cache.
    @Test func rowsThatAreNotSoundPhotosOfThatPathAreIgnored() throws {
        let cache = try MetadataCache(folder: folder)
        let id = FileIdentity(path: "/p/a.jpg", size: 1000, mtimeNanos: 5, inode: 7)
        var elsewhere = Sketch.photo("a")
        elsewhere.path = "/etc/passwd"
        var badID = Sketch.photo("a")
        (badID.path, badID.id) = ("/p/a.jpg", "../../../../tmp/x/PWNED")
        var sound = Sketch.photo("a")
        sound.path = "/p/a.jpg"
        for (photo, expected) in [(elsewhere, nil), (badID, nil), (sound, sound)] {
            try cache.store([(id, photo)])
            #expect(cache.lookup(id) == expected, "\(photo.path) \(photo.id)")
        }
    }

    @Test func hitsOnlyForTheSameIdentity() throws {
        let cache = try MetadataCache(folder: folder)
        let id = FileIdentity(path: "/p/a.jpg", size: 10, mtimeNanos: 5, inode: 7)
        #expect(cache.lookup(id) == nil)
        var photo = Sketch.photo("a")
        (photo.path, photo.bytes) = ("/p/a.jpg", 10)
        try cache.store([(id, photo)])
        #expect(cache.lookup(id) == photo)
        for changed in [
            FileIdentity(path: "/p/a.jpg", size: 11, mtimeNanos: 5, inode: 7),
            FileIdentity(path: "/p/a.jpg", size: 10, mtimeNanos: 6, inode: 7),
            FileIdentity(path: "/p/a.jpg", size: 10, mtimeNanos: 5, inode: 8),
            FileIdentity(path: "/p/b.jpg", size: 10, mtimeNanos: 5, inode: 7)
        ] {
            #expect(cache.lookup(changed) == nil)
        }
        #expect(try MetadataCache(folder: folder).count() == 1, "survives reopening")
    }

    @Test(arguments: ["this is not a database at all, just text", ""])
    func aCorruptOrForeignCacheIsSetAsideAndRebuilt(content: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(content.utf8 + [UInt8](repeating: 7, count: content.isEmpty ? 0 : 4096)).write(
            to: URL(fileURLWithPath: folder + "/cache.sqlite"))
        let cache = try MetadataCache(folder: folder)
        if !content.isEmpty {
            #expect(cache.warnings.count == 1 && cache.warnings[0].contains("moved it to"))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder).contains {
                    $0.hasPrefix("cache.sqlite.broken-")
                })
        }
        try cache.store([(FileIdentity(path: "/x", size: 1, mtimeNanos: 1, inode: 1), Sketch.photo("x"))])
        #expect(cache.count() == 1)
    }

    @Test func anOutdatedSchemaIsSetAside() throws {
        _ = try MetadataCache(folder: folder)
        let db = try SQLite(path: folder + "/cache.sqlite")
        try db.execute("PRAGMA user_version=99")
        let cache = try MetadataCache(folder: folder)
        #expect(cache.warnings.first?.contains("schema version 99") == true)
    }
}
