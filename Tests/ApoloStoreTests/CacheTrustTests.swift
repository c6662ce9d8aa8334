import ApoloCore
import CSQLite
import Foundation
import Testing
@testable import ApoloStore

/// The cache never written through a link, a full disk never taken for corruption, a damaged page or
/// a stray link set aside rather than failing every later command.
@Suite struct CacheTrustTests {
    let home = TemporaryHome()
    var folder: String { home.store.home.cacheFolder }

    func filled(_ cache: MetadataCache, rows: Int) throws {
        try cache.store(
            (0..<rows).map { i in
                var photo = Sketch.photo("p\(i)")
                (photo.path, photo.bytes) = ("/p/\(i).jpg", 10)
                return (FileIdentity(path: "/p/\(i).jpg", size: 10, mtimeNanos: 5, inode: Int64(i)), photo)
            })
    }

    @Test func aLinkInPlaceOfTheCacheIsSetAsideNeverWrittenThrough() throws {
        try MetadataCache.makeFolder(folder)
        let other = home.store.home.root + "/other.sqlite"
        let db = try SQLite(path: other)
        try db.execute("CREATE TABLE mine(x); INSERT INTO mine VALUES(1)")
        let before = bytes(other)
        #expect(symlink(other, folder + "/cache.sqlite") == 0)
        #expect(symlink(home.store.home.root + "/nowhere", folder + "/cache.sqlite-shm") == 0)
        let cache = try MetadataCache(folder: folder)
        #expect(
            !cache.warnings.isEmpty && cache.warnings.allSatisfy { $0.contains("symbolic link") }, "\(cache.warnings)")
        try filled(cache, rows: 3)
        #expect(cache.count() == 3)
        #expect(bytes(other) == before, "the other program's database is untouched")
        #expect(
            !FileManager.default.fileExists(atPath: home.store.home.root + "/nowhere"), "no file made where it pointed")
        var info = stat()
        #expect(lstat(folder + "/cache.sqlite", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test func aDatabaseOfAnotherProgramIsSetAsideNotExtended() throws {
        try MetadataCache.makeFolder(folder)
        try SQLite(path: folder + "/cache.sqlite").execute("CREATE TABLE mine(x)")
        let cache = try MetadataCache(folder: folder)
        #expect(cache.warnings.first?.contains("tables apolo never makes") == true, "\(cache.warnings)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasPrefix("cache.sqlite.broken-")
        }
        #expect(!aside.isEmpty)
    }

    @Test func aDamagedPageIsSetAsideAndTheCacheStartsAnew() throws {
        try filled(try MetadataCache(folder: folder), rows: 2_000)
        let path = folder + "/cache.sqlite"
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        for page in [2, 3, 5, 8] {
            try handle.seek(toOffset: UInt64(page * 4096))
            handle.write(Data(repeating: 0xA5, count: 4096))
        }
        try handle.close()
        let cache = try MetadataCache(folder: folder)
        #expect(cache.warnings.first?.contains("damaged") == true, "\(cache.warnings)")
        try filled(cache, rows: 1)
        #expect(cache.count() == 1)
    }

    @Test func aFullDiskIsReportedAsFullAndTheCacheIsKept() throws {
        #expect(
            SQLiteFailure(code: SQLITE_FULL, systemErrno: 0, message: "database or disk is full").description
                .contains("the disk is full"))
        #expect(!SQLiteFailure(code: SQLITE_IOERR | (3 << 8), systemErrno: ENOSPC, message: "disk I/O error").corrupt)
        let small = home.store.home.root + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        guard getuid() == 0, mount("tmpfs", small, "tmpfs", 0, "size=2m") == 0 else { return }  // root may mount
        defer { umount(small) }
        try filled(try MetadataCache(folder: small + "/cache"), rows: 200)
        let filler = small + "/filler"
        FileManager.default.createFile(atPath: filler, contents: nil)
        let fill = try #require(FileHandle(forWritingAtPath: filler))
        while (try? fill.write(contentsOf: Data(repeating: 1, count: 65536))) != nil {}
        try fill.close()
        do {
            let cache = try MetadataCache(folder: small + "/cache")
            #expect(cache.warnings.isEmpty, "\(cache.warnings)")
            #expect(throws: StoreError.self) { try filled(cache, rows: 400) }
        } catch let error as StoreError {
            #expect("\(error)".contains("full") || "\(error)".contains("disk"), "\(error)")
        }
        try FileManager.default.removeItem(atPath: filler)
        let aside = try FileManager.default.contentsOfDirectory(atPath: small + "/cache").filter {
            $0.contains("broken")
        }
        #expect(aside.isEmpty, "nothing set aside: \(aside)")
        #expect(try MetadataCache(folder: small + "/cache").count() == 200, "every file identity is still there")
    }
}

/// Faces kept with a photo's signals, and crafted ones ignored.
@Suite struct CachedFacesTests {
    let home = TemporaryHome()

    @Test func facesRoundTripAndACraftedRowIsIgnored() throws {
        let cache = try MetadataCache(folder: home.store.home.cacheFolder)
        var signals = Signals(sharpness: 0.7)
        signals.faces = [Face(box: [0.1, 0.2, 0.3, 0.4], pixels: 90, score: 1.1, eyes: [0.3, 0.31], sharpness: 0.6)]
        let id = String(repeating: "a", count: 64), none = String(repeating: "b", count: 64)
        var without = signals
        without.faces = nil
        try cache.store(signals: [(id, signals), (none, without)])
        let read = cache.signals(for: [id, none])
        #expect(read[id]?.faces == signals.faces && read[none] != nil && read[none]?.faces == nil)
        #expect(MetadataCache.faces(#"[{"box":[0,0,2,0.1],"pixels":1,"score":1,"eyes":[],"sharpness":0.5}]"#) == nil)
        #expect(MetadataCache.faces("[" + String(repeating: "[", count: 10_000)) == nil)
    }
}
