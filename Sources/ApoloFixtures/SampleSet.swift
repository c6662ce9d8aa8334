/// The bundled example shoot: a trip to Lisbon from two cameras and a phone, plus files that cannot be imported.
public enum SampleSet {
    static func canon(_ date: String, subsec: String? = nil, orientation: Int? = nil, rating: Int? = nil)
        -> ExifWriter.Fields
    {
        ExifWriter.Fields(
            make: "Canon", model: "Canon EOS R6", orientation: orientation ?? 1, dateTimeOriginal: date,
            subSecTimeOriginal: subsec, offsetTimeOriginal: "+01:00", rating: rating)
    }

    static func nikon(_ date: String) -> ExifWriter.Fields {
        ExifWriter.Fields(make: "NIKON CORPORATION", model: "NIKON Z 6", orientation: 1, dateTimeOriginal: date)
    }

    static func pixel(_ date: String, subsec: String) -> ExifWriter.Fields {
        ExifWriter.Fields(
            make: "Google", model: "Pixel 8", orientation: 1, dateTimeOriginal: date, subSecTimeOriginal: subsec,
            offsetTimeOriginal: "+01:00")
    }

    /// Photos that import cleanly (relative paths under the sample folder). One is a byte copy of another;
    /// IMG_0101 carries a 4-star rating given in the camera.
    public static let lisbon: [SamplePhoto] = [
        SamplePhoto("lisbon/day1/IMG_0101.jpg", seed: 1, exif: canon("2024:05:01 09:15:02", rating: 4)),
        SamplePhoto("lisbon/day1/IMG_0102.jpg", seed: 2, exif: canon("2024:05:01 09:15:02", subsec: "50")),
        SamplePhoto("lisbon/day1/IMG_0103.jpg", seed: 3, exif: canon("2024:05:01 09:15:02", subsec: "25")),
        SamplePhoto(
            "lisbon/day1/IMG_0110.jpg", seed: 4, width: 240, height: 320,
            exif: canon("2024:05:01 11:40:00", orientation: 6)),
        SamplePhoto("lisbon/day2/DSC_2001.jpg", seed: 5, exif: nikon("2024:05:02 08:05:10")),
        SamplePhoto("lisbon/day2/DSC_2002.jpg", seed: 6, exif: nikon("2024:05:02 18:30:45")),
        SamplePhoto("lisbon/day2/IMG_0150.jpg", seed: 7, exif: canon("2024:05:02 12:00:00")),
        SamplePhoto("lisbon/phone/PXL_20240503_101500.jpg", seed: 8, exif: pixel("2024:05:03 10:15:00", subsec: "123")),
        SamplePhoto("lisbon/phone/PXL_20240503_201000.jpg", seed: 9, exif: pixel("2024:05:03 20:10:00", subsec: "456")),
        SamplePhoto("lisbon/scans/scan-001.jpg", seed: 10, modified: 1_714_824_000),
        SamplePhoto("lisbon/day1/.thumbs/hidden.jpg", seed: 11, exif: canon("2024:05:01 08:00:00")),
        SamplePhoto("lisbon/phone/IMG_0101 (1).jpg", seed: 1, exif: canon("2024:05:01 09:15:02", rating: 4))
    ]

    /// Files that must be reported, not imported (and one with broken EXIF that imports with a warning).
    public static func broken() -> [(path: String, bytes: [UInt8])] {
        let good = SamplePhoto("x", seed: 12, width: 64, height: 48, exif: canon("2024:05:04 10:00:00")).jpeg()
        let brokenExif = JPEGEncoder.encode(
            width: 64, height: 48, rgb: Painter.scene(width: 64, height: 48, seed: 13),
            exif: Array("MM".utf8) + [0, 42, 0xFF, 0xFF, 0xFF, 0x00] + [UInt8](repeating: 7, count: 20))
        return [
            ("broken/truncated.jpg", Array(good.prefix(good.count * 2 / 3))),
            ("broken/empty.jpg", []),
            ("broken/notes.txt", Array("shot list: tram 28, Alfama, Belém\n".utf8)),
            ("broken/broken-exif.jpg", brokenExif)
        ]
    }

    /// Writes the whole set under `folder`; returns the paths written.
    @discardableResult
    public static func write(to folder: String) throws -> [String] {
        var written: [String] = []
        for photo in lisbon {
            try FixtureFiles.write(photo.jpeg(), to: folder + "/" + photo.path, modified: photo.modified)
            written.append(photo.path)
        }
        for (path, bytes) in broken() {
            try FixtureFiles.write(bytes, to: folder + "/" + path, modified: 1_714_910_400)
            written.append(path)
        }
        return written
    }
}
