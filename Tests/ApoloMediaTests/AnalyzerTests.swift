@testable import ApoloCore
@testable import ApoloFixtures
@testable import ApoloMedia
import Foundation
import Testing

/// One decode of each photo serves every measure, upright whatever its EXIF orientation.
@Suite struct AnalyzerTests {
    @Test func everyOrientationIsMeasuredUprightFromOneDecode() throws {
        let folder = NSTemporaryDirectory() + "apolo-analyzer-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var measured: [Int: Signals] = [:]
        for orientation in 1...8 {
            let path = folder + "/o\(orientation).jpg"
            let photo = SamplePhoto(path, seed: 11, width: 640, height: 480,
                                    exif: ExifWriter.Fields(orientation: orientation))
            try FixtureFiles.write(photo.jpeg(), to: path)
            measured[orientation] = try Analyzer.measure(path)
        }
        let upright = try #require(measured[1])
        #expect(upright.look.count == Look.columns * Look.rows && upright.sharpness > Signals.blurryBelow)
        for (orientation, s) in measured.sorted(by: { $0.key < $1.key }) {
            let d = try #require(Look.distance(upright.look, s.look))
            #expect(d < 0.15, "orientation \(orientation) is measured upright: \(d) from the upright one")
            #expect(abs(s.sharpness - upright.sharpness) < 0.1, "orientation \(orientation): \(s.sharpness)")
        }
    }
}
