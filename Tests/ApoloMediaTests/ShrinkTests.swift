@testable import ApoloMedia
import CVipsShim
import Testing

/// The analysis's picture is the full-size one shrunk by averaging areas (`area.c`): these pin what that means.
struct ShrinkTests {
    /// `pixels` shrunk by `apolo_vips_resized` to fit `size`, as packed bytes and their size.
    private func shrunk(_ pixels: [UInt8], _ width: Int, _ height: Int, bands: Int, to size: Int) throws -> (
        pixels: [UInt8], width: Int, height: Int
    ) {
        var out: UnsafeMutablePointer<UInt8>?, w: Int32 = 0, h: Int32 = 0
        try Vips.start(threads: 1)
        let status = apolo_vips_resized(
            pixels, Int32(width), Int32(height), Int32(bands), Int32(size), 0, &out, &w, &h)
        let result = try #require(out)
        defer { apolo_vips_gfree(result) }
        #expect(status == 0)
        return (Array(UnsafeBufferPointer(start: result, count: Int(w) * Int(h) * bands)), Int(w), Int(h))
    }

    @Test func aPlainColourStaysThatColourAndTheSideIsTheOneAskedFor() throws {
        let (w, h) = (2016, 1512)  // a 12 MP photo's shape and shrink, at a quarter of its pixels
        var rgb = [UInt8](repeating: 200, count: w * h * 3)
        for i in stride(from: 0, to: rgb.count, by: 3) { (rgb[i + 1], rgb[i + 2]) = (17, 90) }
        let small = try shrunk(rgb, w, h, bands: 3, to: 768)
        #expect(small.width == 768 && small.height == 576)
        #expect(small.pixels.count == 768 * 576 * 3)
        #expect(stride(from: 0, to: small.pixels.count, by: 3).allSatisfy { small.pixels[$0] == 200 })
        #expect(stride(from: 1, to: small.pixels.count, by: 3).allSatisfy { small.pixels[$0] == 17 })
        #expect(stride(from: 2, to: small.pixels.count, by: 3).allSatisfy { small.pixels[$0] == 90 })
    }

    @Test func finePatternsAverageToGreyRatherThanAliasing() throws {
        // One-pixel stripes of black and white, 2.4 times smaller: every output pixel is a mix, none a stripe.
        let (w, h) = (2400, 720)
        let grey = (0..<(w * h)).map { UInt8(($0 % w) % 2 == 0 ? 0 : 255) }
        let small = try shrunk(grey, w, h, bands: 1, to: 1000)
        #expect(small.width == 1000 && small.height == 300)
        #expect(small.pixels.allSatisfy { (100...155).contains($0) })
        let mean = small.pixels.reduce(0) { $0 + Int($1) } / small.pixels.count
        #expect(abs(mean - 127) <= 2)
    }

    @Test func halvingAveragesEachTwoByTwoBlock() throws {
        let (w, h) = (8, 4)
        let grey = (0..<(w * h)).map { UInt8((($0 % w) * 37 + ($0 / w) * 91) % 256) }
        let small = try shrunk(grey, w, h, bands: 1, to: 4)
        #expect(small.width == 4 && small.height == 2)
        for y in 0..<2 {
            for x in 0..<4 {
                let block = [
                    grey[2 * y * w + 2 * x], grey[2 * y * w + 2 * x + 1], grey[(2 * y + 1) * w + 2 * x],
                    grey[(2 * y + 1) * w + 2 * x + 1]
                ].reduce(0) { $0 + Int($1) }
                #expect(abs(Int(small.pixels[y * 4 + x]) - block / 4) <= 1)
            }
        }
    }

    @Test func anEdgeStaysWhereItWasAtAFractionalScale() throws {
        // Black left of column 1000, white from it, shrunk 2.6 times: the edge falls at 1000 / 2.6 ≈ 384.6.
        let (w, h) = (2600, 40)
        let grey = (0..<(w * h)).map { UInt8($0 % w < 1000 ? 0 : 255) }
        let small = try shrunk(grey, w, h, bands: 1, to: 1000)
        let row = Array(small.pixels.prefix(small.width))
        #expect(row[383] == 0 && row[386] == 255)
        #expect(row[384] > 0 && row[384] < 255)
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func aShrinkTooSteepForAreasIsStillMade() throws {
        // 600 columns into 2: a 256th could not weigh one input column, so libvips' kernel makes it.
        let grey = [UInt8](repeating: 77, count: 600 * 300)
        let small = try shrunk(grey, 600, 300, bands: 1, to: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.pixels.allSatisfy { abs(Int($0) - 77) <= 1 })
    }
}
