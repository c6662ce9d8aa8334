import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

@Suite struct ThumbnailTests {
    let temporary = TemporaryFolder()

    @Test(arguments: 1...8)
    func thumbnailsAreUprightForEveryOrientation(_ orientation: Int) throws {
        let path = temporary.path + "/o\(orientation).jpg"
        try FixtureFiles.write(Painter.oriented(width: 96, height: 64, seed: 2, orientation: orientation), to: path)
        let store = ThumbnailStore(folder: temporary.path + "/thumbs")
        let thumb = try store.make(from: path, id: String(repeating: "\(orientation)", count: 64)).path
        let image = try Vips.open(thumb)
        #expect(image.width == 96 && image.height == 64, "orientation \(orientation): \(image.width)×\(image.height)")
        let corner = try image.pixel(3, 3), opposite = try image.pixel(92, 3)
        #expect(corner.r > 180 && corner.g < 80 && corner.b < 80, "orientation \(orientation): top-left is \(corner)")
        #expect(!(opposite.r > 180 && opposite.g < 80), "orientation \(orientation): marker also at top-right")
    }

    @Test func aFileVipsCannotReadIsAnErrorNotACrash() throws {
        let path = temporary.path + "/bad.jpg"
        try FixtureFiles.write([0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3], to: path)
        #expect(throws: MediaError.self) { try ThumbnailStore(folder: temporary.path + "/t").make(from: path, id: "cd0000") }
    }
}
