import Foundation

/// Many small photos for benchmarks: one a minute from 2024-05-01 08:00 UTC, cycling through three cameras.
public enum BulkSet {
    public static func photos(count: Int, width: Int = 64, height: Int = 48) -> [SamplePhoto] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return (0..<count).map { i in
            let moment = Date(timeIntervalSince1970: 1_714_550_400 + Double(i) * 60)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
            func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
            let date = "\(c.year ?? 2024):\(two(c.month)):\(two(c.day)) \(two(c.hour)):\(two(c.minute)):00"
            let camera = [("Canon", "Canon EOS R6"), ("NIKON CORPORATION", "NIKON Z 6"), ("Google", "Pixel 8")][i % 3]
            let exif = ExifWriter.Fields(make: camera.0, model: camera.1, orientation: 1, dateTimeOriginal: date)
            return SamplePhoto(
                "bulk/\(i / 500)/IMG_\(10000 + i).jpg", seed: i, width: width, height: height, exif: exif)
        }
    }

    /// Writes `count` large photos (e.g. 4000×3000) quickly: the scene (with sensor-like noise, so files have
    /// realistic sizes) is encoded once and each file gets its
    /// own EXIF block (capture time, camera), so every file has different bytes.
    public static func writeLarge(count: Int, width: Int, height: Int, to folder: String) throws {
        let rgb = noisy(Painter.scene(width: width, height: height, seed: 7), state: 2_463_534_242, spread: 25)
        let base = JPEGEncoder.encode(width: width, height: height, rgb: rgb)
        for photo in photos(count: count, width: width, height: height) {
            let exif = Array("Exif".utf8) + [0, 0] + ExifWriter.tiff(photo.exif ?? ExifWriter.Fields())
            let app1: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 255)] + exif
            try FixtureFiles.write(
                [0xFF, 0xD8] + app1 + base.dropFirst(2), to: folder + "/" + photo.path, modified: photo.modified)
        }
    }

    /// A scene with sensor-like noise (xorshift, ±spread/2), so files have realistic sizes.
    static func noisy(_ scene: [UInt8], state seed: UInt32, spread: UInt32) -> [UInt8] {
        var rgb = scene, state = seed
        for i in rgb.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            rgb[i] = UInt8(max(0, min(255, Int(rgb[i]) + Int(state % spread) - Int(spread / 2))))
        }
        return rgb
    }

    /// Writes `count` photos under `folder`.
    public static func write(count: Int, to folder: String) throws {
        for photo in photos(count: count) {
            try FixtureFiles.write(photo.jpeg(), to: folder + "/" + photo.path, modified: photo.modified)
        }
    }
}
