import ApoloCore
import CApoloWorkers
import Foundation

/// The whole photo looked at for small faces (`apolo analyze --small-faces`): enlarged so that dlib's smallest face
/// (about 60 px) is 40 px of the photo's own, in tiles the face worker takes.
extension Analyzer {
    /// The whole photo is looked at this many times its size for small faces: dlib finds faces from about 60 px,
    /// so from 40 px of the photo's own.
    static let wholeScale = 1.5
    /// Tiles of the whole look overlap by at least this many of the photo's pixels, and 4.5% of its longer side: a
    /// face narrower is whole in one tile (wider ones, from 4%, were found at the first look).
    static let tileOverlap = 320
    /// The most tiles one photo's whole look takes (about a second each): a photo of up to about 40 MP is looked at
    /// `wholeScale` times its size; a larger one at less (faces from 40 px × 1.5 / its scale), so a 200 MP photo
    /// costs tens of seconds, not minutes.
    static let maxTiles = 24

    /// The faces of the whole full-size picture enlarged `wholeScale` times, looked at in tiles that fit the
    /// worker; one face found in two tiles is kept once (the higher score).
    static func wholeLook(_ full: FullPicture) throws(MediaError) -> [Face]? {
        let (scale, overlap, across, down) = plan(width: full.width, height: full.height)
        let tileW = min(full.width, (full.width + (across - 1) * overlap + across - 1) / across)
        let tileH = min(full.height, (full.height + (down - 1) * overlap + down - 1) / down)
        var found: [Face] = []
        var tile = [UInt8](repeating: 0, count: tileW * tileH)
        for row in 0..<down {
            for column in 0..<across {
                let left = min(column * (tileW - overlap), full.width - tileW)
                let top = min(row * (tileH - overlap), full.height - tileH)
                tile.withUnsafeMutableBufferPointer { into in
                    let from = full.grey.baseAddress! + top * full.width + left
                    for y in 0..<tileH { _ = memcpy(into.baseAddress! + y * tileW, from + y * full.width, tileW) }
                }
                guard
                    let faces = try look(
                        tile, width: tileW, height: tileH,
                        size: Int(Double(max(tileW, tileH)) * scale), enlarge: scale > 1)
                else { return nil }
                for face in faces {
                    var moved = face
                    moved.box = [
                        (face.box[0] * Double(tileW) + Double(left)) / Double(full.width),
                        (face.box[1] * Double(tileH) + Double(top)) / Double(full.height),
                        face.box[2] * Double(tileW) / Double(full.width),
                        face.box[3] * Double(tileH) / Double(full.height)
                    ].map { ($0 * 1000).rounded() / 1000 }
                    if let twin = found.firstIndex(where: { $0.overlaps(moved) }) {
                        if found[twin].score < moved.score { found[twin] = moved }
                    } else {
                        found.append(moved)
                    }
                }
            }
        }
        return found
    }

    /// The scale of a photo's whole look (`wholeScale`, less past `maxTiles`), its tiles' overlap, and how many
    /// tiles go across and down.
    static func plan(width: Int, height: Int) -> (scale: Double, overlap: Int, across: Int, down: Int) {
        var scale = wholeScale
        var (overlap, across, down) = tiles(width: width, height: height, scale: scale)
        while across * down > maxTiles && scale > 0.5 {
            scale *= 0.85
            (overlap, across, down) = tiles(width: width, height: height, scale: scale)
        }
        return (scale, overlap, across, down)
    }

    private static func tiles(width: Int, height: Int, scale: Double) -> (Int, Int, Int) {
        let side = Int(Double(APOLO_FACES_PIXELS).squareRoot() / scale)
        let overlap = min(side / 2, max(tileOverlap, max(width, height) * 9 / 200))
        let across = max(1, (width - overlap + side - overlap - 1) / (side - overlap))
        let down = max(1, (height - overlap + side - overlap - 1) / (side - overlap))
        return (overlap, across, down)
    }
}
