import ApoloCore
import Foundation

extension MetadataCache {
    /// The signals measured of these photos by this version of the measures (others are measured again). A row
    /// with a value out of its range is ignored, as if never measured. With `looks`, only those photos' looks are
    /// read (the others' are empty: nothing compares them).
    public func signals(for ids: Set<PhotoID>, looks: Set<PhotoID>? = nil) -> [PhotoID: Signals] {
        lock.lock()
        defer { lock.unlock() }
        var found: [PhotoID: Signals] = [:]
        found.reserveCapacity(ids.count)  // grown by doubling, 200,000 photos' table would pass through three sizes
        let sql = """
            SELECT photo, sharpness, region, highlights, shadows, faces, look, small, peak, bright, dark FROM signals
            WHERE version = ?
            """
        reading { db throws(SQLiteFailure) in
            try db.query(sql, [.int(Int64(Signals.version))]) { row in
                guard let at = ids.firstIndex(of: row.text(0)) else { return }
                let id = ids[at]  // the caller's string: not a second copy of every id
                var signals = Signals(
                    sharpness: row.double(1), region: Int(clamping: row.int(2)),
                    highlights: row.double(3), shadows: row.double(4),
                    look: looks?.contains(id) == false ? [] : row.bytes(6, limit: Look.columns * Look.rows) ?? [])
                signals.faces = Self.faces(row.text(5))
                signals.smallFaces = signals.faces != nil && row.int(7) & 1 == 1
                if signals.faces != nil, row.int(7) & 2 == 2 { signals.fewerFaces = true }
                (signals.peak, signals.brightest) = (row.double(8), Int(clamping: row.int(9)))
                signals.darkest = Int(clamping: row.int(10))
                if Self.sound(signals) { found[id] = signals }
            }
        }
        return found
    }

    /// Remembers measured signals (one transaction). Column `small` holds flags: 1, looked at whole for small faces;
    /// 2, faces found by dlib's older detector.
    public func store(signals: [(PhotoID, Signals)]) throws {
        lock.lock()
        defer { lock.unlock() }
        try writing { db throws(SQLiteFailure) in
            for (id, s) in signals where Photo.isValidID(id) {
                try db.query(
                    """
                    INSERT OR REPLACE INTO signals(photo, version, sharpness, region, highlights, shadows, faces, look,
                        small, peak, bright, dark) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(id), .int(Int64(Signals.version)), .real(s.sharpness), .int(Int64(s.region)),
                        .real(s.highlights), .real(s.shadows), .text(Self.text(of: s.faces)), .bytes(s.look),
                        .int((s.smallFaces ? 1 : 0) | (s.fewerFaces == true ? 2 : 0)), .real(s.peak),
                        .int(Int64(s.brightest)),
                        .int(Int64(s.darkest))
                    ])
                try db.query("DELETE FROM unmeasured WHERE photo = ?", [.text(id)])
            }
        }
    }

    /// Photos this version of the measures could not measure, with why (a decoder refused their content).
    public func failures(for ids: Set<PhotoID>) -> [PhotoID: String] {
        lock.lock()
        defer { lock.unlock() }
        var found: [PhotoID: String] = [:]
        reading { db throws(SQLiteFailure) in
            try db.query("SELECT photo, reason FROM unmeasured WHERE version = ?", [.int(Int64(Signals.version))]) {
                if ids.contains($0.text(0)) { found[$0.text(0)] = String($0.text(1).prefix(1_000)) }
            }
        }
        return found
    }

    /// Remembers photos that could not be measured, so the next analysis does not try (and report) them again.
    public func store(failures: [(PhotoID, String)]) throws {
        lock.lock()
        defer { lock.unlock() }
        try writing { db throws(SQLiteFailure) in
            for (id, reason) in failures where Photo.isValidID(id) {
                try db.query(
                    "INSERT OR REPLACE INTO unmeasured(photo, version, reason) VALUES(?, ?, ?)",
                    [.text(id), .int(Int64(Signals.version)), .text(reason)])
            }
        }
    }

    /// Faces as stored: JSON, or "" when faces were not looked for.
    static func text(of faces: [Face]?) -> String {
        guard let faces, let data = try? JSONEncoder().encode(faces) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Stored faces, or nil (not looked for, or a row that is not sound: over 64 faces, values out of range).
    static func faces(_ text: String) -> [Face]? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 1 << 16, JSONDepth.of(bytes) <= JSONDepth.limit,
            let faces = try? JSONDecoder().decode([Face].self, from: Data(bytes)), faces.count <= 64,
            faces.allSatisfy({ face in
                face.box.count == 4 && face.box.allSatisfy { (0...1).contains($0) } && face.eyes.count <= 2
                    && face.eyes.allSatisfy { (0...5).contains($0) } && (0...1).contains(face.sharpness)
                    && (0...10_000).contains(face.pixels) && face.score.isFinite
                    && (0...1_000_000).contains(face.wide ?? 0) && (0...1).contains(face.clipped ?? 0)
                    && (face.identity.map { FaceIdentity.decode($0) != nil } ?? true)
            })
        else { return nil }
        return faces
    }

    /// True when every value lies in its range (a crafted row cannot make a share of 300%; a look of another
    /// length is no look, and stacks nothing).
    static func sound(_ s: Signals) -> Bool {
        (0...1).contains(s.sharpness) && (0..<16).contains(s.region) && (0...1).contains(s.peak)
            && (0...1).contains(s.highlights) && (0...1).contains(s.shadows) && (0...255).contains(s.brightest)
            && (0...255).contains(s.darkest)
    }
}
