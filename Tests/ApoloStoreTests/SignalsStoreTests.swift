import ApoloCore
import Foundation
import Testing
@testable import ApoloStore

@Suite struct SignalsStoreTests {
    let home = TemporaryHome()

    @Test func signalsAreKeptByPhotoAndACraftedRowIsIgnored() throws {
        let cache = try MetadataCache(folder: home.store.home.cacheFolder)
        let a = Sketch.id("a"), b = Sketch.id("b"), c = Sketch.id("c")
        let look = (0..<(Look.columns * Look.rows)).map { UInt8($0 % 256) }
        let measured = Signals(sharpness: 0.66, region: 5, highlights: 0.02, shadows: 0, look: look)
        try cache.store(signals: [(a, measured), (b, Signals(sharpness: 0.4)), ("../x", Signals(sharpness: 1))])
        try cache.db.query(
            "INSERT INTO signals(photo, version, sharpness, region, highlights, shadows) "
                + "VALUES(?, ?, 5.0, 0, 0, 0)", [.text(c), .int(Int64(Signals.version))])
        #expect(cache.signals(for: [a, b, c]) == [a: measured, b: Signals(sharpness: 0.4)])
        try cache.db.query("UPDATE signals SET look = ? WHERE photo = ?", [.bytes(look + look), .text(a)])
        #expect(cache.signals(for: [a])[a]?.look == [], "a look of another length is no look")
        #expect(cache.signals(for: [b]).keys.sorted() == [b], "only the photos asked for")
        try cache.store(signals: [(a, measured)])
        #expect(cache.signals(for: [a, b], looks: [a])[a]?.look == look)
        let without = cache.signals(for: [a, b], looks: [b])
        #expect(without[a]?.look == [] && without[a]?.sharpness == 0.66, "the rest of a photo's measures stay")
    }

    /// Region, brightest and darkest are held in 16 bits: a crafted value far out of range must still read as out of
    /// range, and the row be ignored, not clamped into a value that passes.
    @Test func aRowWithASmallNumberOutOfItsRangeIsIgnored() throws {
        let cache = try MetadataCache(folder: home.store.home.cacheFolder)
        let rows: [(name: String, region: Int64, bright: Int64, dark: Int64)] = [
            ("a", -1, 255, 0), ("b", 70_000, 255, 0), ("c", 3, 300, 0), ("d", 3, 255, -4),
            ("e", 3, 4_294_967_296, 0), ("f", 3, -4_294_967_296, 0), ("g", 15, 200, 10)
        ]
        for row in rows {
            try cache.db.query(
                "INSERT INTO signals(photo, version, sharpness, region, highlights, shadows, bright, dark) "
                    + "VALUES(?, ?, 0.5, ?, 0, 0, ?, ?)",
                [
                    .text(Sketch.id(row.name)), .int(Int64(Signals.version)), .int(row.region), .int(row.bright),
                    .int(row.dark)
                ])
        }
        let read = cache.signals(for: Set(rows.map { Sketch.id($0.name) }))
        #expect(read.keys.sorted() == [Sketch.id("g")])
        #expect(read[Sketch.id("g")].map { [$0.region, $0.brightest, $0.darkest] } == [15, 200, 10])
    }

    /// The tables of an older cache (files keep one row), by its schema version.
    static let older: [Int: String] = [
        1: "",
        3: """
        CREATE TABLE signals(photo TEXT PRIMARY KEY, version INTEGER, sharpness REAL, region INTEGER,
            highlights REAL, shadows REAL, hash INTEGER, faces TEXT);
        CREATE TABLE unmeasured(photo TEXT PRIMARY KEY, version INTEGER, reason TEXT);
        """,
        4: """
        CREATE TABLE signals(photo TEXT PRIMARY KEY, version INTEGER, sharpness REAL, region INTEGER,
            highlights REAL, shadows REAL, faces TEXT, look BLOB);
        CREATE TABLE unmeasured(photo TEXT PRIMARY KEY, version INTEGER, reason TEXT);
        """
    ]

    @Test(arguments: [1, 3, 4]) func anOlderCacheIsUpgradedAndKeepsItsFiles(version: Int) throws {
        let folder = home.store.home.cacheFolder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let old = try SQLite(path: folder + "/cache.sqlite")
        try old.execute(
            """
            CREATE TABLE files(path TEXT PRIMARY KEY, size INTEGER, mtime INTEGER, inode INTEGER, photo TEXT);
            INSERT INTO files VALUES('/p/a.jpg', 1, 1, 1, '{}');
            \(Self.older[version] ?? "")
            PRAGMA user_version=\(version);
            """)
        let cache = try MetadataCache(folder: folder)
        #expect(cache.warnings.isEmpty && cache.count() == 1)
        var measured = Signals(sharpness: 0.5, look: [UInt8](repeating: 9, count: Look.columns * Look.rows))
        try cache.store(signals: [(Sketch.id("a"), measured)])
        #expect(cache.signals(for: [Sketch.id("a")])[Sketch.id("a")] == measured)
        (measured.faces, measured.smallFaces) = ([], true)  // looked at whole for small faces: kept as such
        try cache.store(signals: [(Sketch.id("a"), measured)])
        #expect(cache.signals(for: [Sketch.id("a")])[Sketch.id("a")]?.smallFaces == true)
    }

    @Test func labelsAndStackChoicesRoundTripAndABadOneIsRefused() throws {
        var photo = Sketch.photo("a")
        photo.label = .purple
        var project = Project(name: "t", photos: [photo.id: photo])
        project.stacking = StackChoices(cuts: [photo.id], joins: [[photo.id, Sketch.id("b")]])
        let bytes = try DocumentCodec.encode(project)
        #expect(try DocumentCodec.decode(bytes) == project)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"label\": \"purple\"") && text.contains("\"stacks\""))
        for (from, to) in [
            ("\"purple\"", "\"pink\""), ("\"cuts\" : [\n      \"\(photo.id)", "\"cuts\" : [\n      \"../x")
        ] {
            #expect(throws: DocumentProblem.self) {
                try DocumentCodec.decode(Array(text.replacingOccurrences(of: from, with: to).utf8))
            }
        }
    }
}
