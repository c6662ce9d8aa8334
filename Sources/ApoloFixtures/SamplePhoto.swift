import Foundation

/// A generated photo: a scene drawn from `seed`, encoded as JPEG with the given EXIF.
///
/// The scene has a red marker square in its top-left corner, so a viewer can tell whether a picture
/// (after applying its EXIF orientation) is upright.
public struct SamplePhoto: Sendable {
    public var path: String
    public var width: Int
    public var height: Int
    public var seed: Int
    public var exif: ExifWriter.Fields?
    /// Modification time given to the file (seconds since 1970).
    public var modified: Int

    public init(
        _ path: String, seed: Int, width: Int = 320, height: Int = 240, exif: ExifWriter.Fields? = nil,
        modified: Int = 1_714_910_400
    ) {
        self.path = path
        self.width = width
        self.height = height
        self.seed = seed
        self.exif = exif
        self.modified = modified
    }

    /// The JPEG bytes of this photo; with an EXIF orientation, the pixels are stored so that the scene shows upright.
    public func jpeg() -> [UInt8] {
        let scene = Painter.scene(width: width, height: height, seed: seed)
        let stored = Painter.stored(scene, width: width, height: height, orientation: exif?.orientation ?? 1)
        return JPEGEncoder.encode(
            width: stored.width, height: stored.height, rgb: stored.rgb, exif: exif.map(ExifWriter.tiff))
    }
}

/// Draws simple, recognisably different scenes.
public enum Painter {
    public static func scene(width: Int, height: Int, seed: Int) -> [UInt8] {
        let palette: [(Double, Double, Double)] = [
            (0.95, 0.55, 0.25), (0.25, 0.55, 0.95), (0.35, 0.8, 0.45), (0.85, 0.35, 0.6), (0.95, 0.85, 0.3),
            (0.45, 0.4, 0.9)
        ]
        let top = palette[seed % palette.count], bottom = palette[(seed / 2 + 3) % palette.count]
        let sunX = Double((seed * 37) % 70 + 15) / 100 * Double(width),
            sunY = Double((seed * 53) % 40 + 20) / 100 * Double(height)
        let radius = Double(min(width, height)) * 0.12
        let horizon = height * (55 + seed * 7 % 20) / 100
        let marker = max(4, min(width, height) / 8)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let t = Double(y) / Double(max(1, height - 1))
            for x in 0..<width {
                var c = (top.0 * (1 - t) + bottom.0 * t, top.1 * (1 - t) + bottom.1 * t, top.2 * (1 - t) + bottom.2 * t)
                if y > horizon { c = (c.0 * 0.45, c.1 * 0.5, c.2 * 0.45) }
                let dx = Double(x) - sunX, dy = Double(y) - sunY
                if dx * dx + dy * dy < radius * radius { c = (1, 0.97, 0.85) }
                if x < marker && y < marker { c = (0.9, 0.05, 0.05) }
                let i = (y * width + x) * 3
                rgb[i] = UInt8(max(0, min(255, c.0 * 255)))
                rgb[i + 1] = UInt8(max(0, min(255, c.1 * 255)))
                rgb[i + 2] = UInt8(max(0, min(255, c.2 * 255)))
            }
        }
        return rgb
    }
}

extension Painter {
    /// The stored pixels (and their size) that show `upright` (width × height) upright under EXIF `orientation`.
    public static func stored(_ upright: [UInt8], width: Int, height: Int, orientation: Int) -> (
        rgb: [UInt8], width: Int, height: Int
    ) {
        let swaps = orientation >= 5
        let ws = swaps ? height : width, hs = swaps ? width : height
        var out = [UInt8](repeating: 0, count: upright.count)
        for ys in 0..<hs {
            for xs in 0..<ws {
                let (xd, yd): (Int, Int)
                switch orientation {
                case 2: (xd, yd) = (ws - 1 - xs, ys)
                case 3: (xd, yd) = (ws - 1 - xs, hs - 1 - ys)
                case 4: (xd, yd) = (xs, hs - 1 - ys)
                case 5: (xd, yd) = (ys, xs)
                case 6: (xd, yd) = (hs - 1 - ys, xs)
                case 7: (xd, yd) = (hs - 1 - ys, ws - 1 - xs)
                case 8: (xd, yd) = (ys, ws - 1 - xs)
                default: (xd, yd) = (xs, ys)
                }
                let from = (yd * width + xd) * 3, to = (ys * ws + xs) * 3
                out[to] = upright[from]
                out[to + 1] = upright[from + 1]
                out[to + 2] = upright[from + 2]
            }
        }
        return (out, ws, hs)
    }

    /// A JPEG that shows the scene of `seed` upright (red marker top left) when its `orientation` is applied.
    public static func oriented(width: Int, height: Int, seed: Int, orientation: Int) -> [UInt8] {
        let stored = stored(
            scene(width: width, height: height, seed: seed), width: width, height: height, orientation: orientation)
        return JPEGEncoder.encode(
            width: stored.width, height: stored.height, rgb: stored.rgb,
            exif: ExifWriter.tiff(ExifWriter.Fields(orientation: orientation)))
    }
}

/// Writing fixtures to disk.
public enum FixtureFiles {
    /// Writes bytes to `path` (creating folders) and sets its modification time.
    public static func write(_ bytes: [UInt8], to path: String, modified: Int? = nil) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        if let modified {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: TimeInterval(modified))], ofItemAtPath: path)
        }
    }
}
