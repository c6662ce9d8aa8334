/// Many small photos for benchmarks: one a minute from 2024-05-01 08:00, cycling through three cameras.
public enum BulkSet {
    public static func photos(count: Int, width: Int = 64, height: Int = 48) -> [SamplePhoto] {
        (0..<count).map { i in
            let minutes = i % 60, hours = 8 + i / 60 % 14, day = 1 + i / (60 * 14)
            let date = "2024:05:\(day < 10 ? "0" : "")\(day) \(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes):00"
            let camera = [("Canon", "Canon EOS R6"), ("NIKON CORPORATION", "NIKON Z 6"), ("Google", "Pixel 8")][i % 3]
            let exif = ExifWriter.Fields(make: camera.0, model: camera.1, orientation: 1, dateTimeOriginal: date)
            return SamplePhoto("bulk/\(i / 500)/IMG_\(10000 + i).jpg", seed: i, width: width, height: height, exif: exif)
        }
    }

    /// Writes `count` photos under `folder`.
    public static func write(count: Int, to folder: String) throws {
        for photo in photos(count: count) { try FixtureFiles.write(photo.jpeg(), to: folder + "/" + photo.path, modified: photo.modified) }
    }
}
