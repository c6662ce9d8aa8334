import ApoloCore
import Foundation

extension MetadataCache {
    /// The face regions other programs named in each photo (see `PeerFace`); a row that is not sound (over 256
    /// regions, a name apolo would refuse, an area out of range) is ignored.
    public func peerFaces(for ids: Set<PhotoID>) -> [PhotoID: [PeerFace]] {
        lock.lock()
        defer { lock.unlock() }
        var found: [PhotoID: [PeerFace]] = [:]
        reading { db throws(SQLiteFailure) in
            try db.query("SELECT photo, faces FROM peerfaces") { row in
                let id = row.text(0), bytes = Array(row.text(1).utf8)
                guard ids.contains(id), bytes.count <= 1 << 16, JSONDepth.of(bytes) <= JSONDepth.limit,
                    let faces = try? JSONDecoder().decode([PeerFace].self, from: Data(bytes)), faces.count <= 256,
                    faces.allSatisfy({ face in
                        face.area.count == 4 && face.area.allSatisfy { (0...1).contains($0) }
                            && (try? PersonName.checked(face.name)) != nil
                    })
                else { return }
                found[id] = faces
            }
        }
        return found
    }

    /// Remembers the named regions of photos (none: forgets them), in one transaction.
    public func store(peerFaces: [(PhotoID, [PeerFace])]) throws {
        guard !peerFaces.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        try writing { db throws(SQLiteFailure) in
            for (id, faces) in peerFaces where Photo.isValidID(id) {
                if faces.isEmpty {
                    try db.query("DELETE FROM peerfaces WHERE photo = ?", [.text(id)])
                } else if let data = try? JSONEncoder().encode(faces) {
                    try db.query(
                        "INSERT OR REPLACE INTO peerfaces(photo, faces) VALUES(?, ?)",
                        [.text(id), .text(String(decoding: data, as: UTF8.self))])
                }
            }
        }
    }
}
