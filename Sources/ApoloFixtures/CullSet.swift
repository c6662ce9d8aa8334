import Foundation

/// A labelled set for measuring culling: sharp photos with a defocused and a shaken copy (each ten minutes apart:
/// alike, but no burst), and bursts of four frames cut from one scene (shifted crops of 1–5%, exposure ±0.1 EV,
/// one frame defocused), a quarter second apart, the next subject one second after the last frame. Every frame
/// goes through `Capture` (blur in linear light, noise, demosaic, sharpening; JPEG quality 90) as a camera's
/// would. `labels.json` says what each file is.
public enum CullSet {
    /// One file's truth.
    public struct Label: Codable, Sendable {
        public let file: String
        /// sharp, gauss, motion or burst.
        public let kind: String
        /// The burst it belongs to (bursts only).
        public let burst: Int?
        /// The softened frame of its burst.
        public let soft: Bool
    }

    /// Writes `singles` sharp photos (with their two blurred copies) and `bursts` bursts under `folder`.
    public static func write(singles: Int, bursts: Int, width: Int, height: Int, to folder: String) throws {
        var labels: [Label] = []
        let start = 1_714_550_400.0
        let sigmaBox = max(5, width / 320)  // a defocus a photographer rejects at 100% (σ ≈ 2.5 px at 1600)
        for i in 0..<singles {
            let rgb = Texture.scene(width: width, height: height, seed: 1000 + i)
            let when = start + Double(i) * 3600
            let record = { (blur: Int, motion: Bool, seed: Int) in
                Capture.record(rgb, width: width, height: height, blur: blur, motion: motion, seed: seed)
            }
            let copies: [(String, [UInt8])] = [
                ("sharp", record(0, false, 3 * i)),
                ("gauss", record(sigmaBox, false, 3 * i + 1)),
                ("motion", record(width / 120, true, 3 * i + 2))
            ]
            for (k, (kind, pixels)) in copies.enumerated() {
                let file = "single/\(kind)-\(i).jpg"
                try save(pixels, width, height, time: when + Double(k) * 600, to: folder + "/" + file)
                labels.append(Label(file: file, kind: kind, burst: nil, soft: false))
            }
        }
        var random = Random(42)
        var when = start + Double(singles) * 3600 + 7200
        for b in 0..<bursts {
            let bigW = width * 106 / 100, bigH = height * 106 / 100
            let scene = Texture.scene(width: bigW, height: bigH, seed: 5000 + b)
            let soft = Int(random.next() % 4)
            for k in 0..<4 {
                let dx = Int(Double(width) * (0.01 + 0.04 * random.unit())) * (k % 2 == 0 ? 1 : 0)
                let dy = Int(Double(height) * (0.01 + 0.04 * random.unit())) * (k % 2 == 1 ? 1 : 0)
                let gain = pow(2, random.unit() < 0.5 ? -0.1 : 0.1)
                let framed = Texture.crop(
                    scene, width: bigW, x: min(dx, bigW - width), y: min(dy, bigH - height),
                    w: width, h: height, gain: gain)
                let pixels = Capture.record(
                    framed, width: width, height: height, blur: k == soft ? sigmaBox : 0,
                    seed: 100_000 + b * 4 + k)
                let file = "burst/burst\(b)-\(k).jpg"
                try save(pixels, width, height, time: when, to: folder + "/" + file)
                labels.append(Label(file: file, kind: "burst", burst: b, soft: k == soft))
                when += 0.25
            }
            when += 1.0 - 0.25
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FixtureFiles.write(Array(try encoder.encode(labels)), to: folder + "/labels.json", modified: Int(start))
    }

    /// One JPEG with its capture time (and hundredths of a second).
    static func save(_ rgb: [UInt8], _ width: Int, _ height: Int, time: Double, to path: String) throws {
        let date = Date(timeIntervalSince1970: time.rounded(.down))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
        let stamp = "\(c.year ?? 2024):\(two(c.month)):\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second))"
        let hundredths = Int(((time - time.rounded(.down)) * 100).rounded())
        let exif = ExifWriter.Fields(
            make: "Canon", model: "Canon EOS R6", orientation: 1, dateTimeOriginal: stamp,
            subSecTimeOriginal: String(format: "%02d", hundredths))
        let bytes = JPEGEncoder.encode(
            width: width, height: height, rgb: rgb, exif: ExifWriter.tiff(exif),
            quality: 90)
        try FixtureFiles.write(bytes, to: path, modified: Int(time))
    }
}
