import Foundation

/// Generated raw files for tests and benchmarks: DNGs with an embedded JPEG preview, each with its own capture
/// time and bytes.
public enum RawSet {
    /// Writes `count` DNGs (`DSC_0001.dng`, …) under `folder`/raw, each with a `preview`-sized embedded JPEG.
    public static func write(count: Int, preview: (width: Int, height: Int) = (1600, 1200), to folder: String) throws {
        let jpeg = JPEGEncoder.encode(
            width: preview.width, height: preview.height,
            rgb: Painter.scene(width: preview.width, height: preview.height, seed: 11))
        for i in 1...count {
            var facts = DNGWriter.Facts()
            facts.date = String(format: "2024:06:15 %02d:%02d:%02d", 8 + i / 3600 % 12, i / 60 % 60, i % 60)
            facts.iso = 100 * (1 + i % 32)
            facts.orientation = i % 5 == 0 ? 6 : 1
            let bytes = DNGWriter.make(preview: (jpeg, preview.width, preview.height), facts: facts)
            try FixtureFiles.write(bytes, to: folder + "/raw/DSC_" + String(format: "%04d", i) + ".dng", modified: nil)
        }
    }
}
