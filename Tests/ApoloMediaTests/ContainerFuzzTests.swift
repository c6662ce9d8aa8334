import ApoloFixtures
import Testing
@testable import ApoloMedia

/// Container headers crafted to trap or loop the parsers, one by one, then a direct fuzz
/// of every header parser (each box's size set to every awkward value, and random mutations). A trap ends the test
/// process; a loop passes the time limit: either fails the suite.
@Suite(.timeLimit(.minutes(2))) struct ContainerFuzzTests {
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { Build.be32(8 + body.count) + Array(type.utf8) + body }
    static let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
    static func meta(_ body: [UInt8]) -> [UInt8] { box("meta", [0, 0, 0, 0] + body) }

    /// The files of the attacker's report (32–72 bytes), each with what its parse must say.
    static let crafted: [(String, [UInt8], String?)] = [
        (
            "ispe of 0xFFFFFFFF × 0xFFFFFFFF",
            ftyp + meta(box("iprp", box("ipco", box("ispe", [0, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 8))))), nil
        ),
        ("8-byte meta box", ftyp + Build.be32(8) + Array("meta".utf8), "meta box is empty"),
        ("empty iinf", ftyp + meta(Build.be32(8) + Array("iinf".utf8)), "no image size"),
        (
            "64-bit size 0x7FFF…FFFF",
            ftyp + Build.be32(1) + Array("meta".utf8) + [0x7F] + [UInt8](repeating: 0xFF, count: 7),
            "runs past the end"
        ),
        (
            "64-bit size 0", ftyp + Build.be32(1) + Array("free".utf8) + [UInt8](repeating: 0, count: 8),
            "runs past the end"
        ),
        (
            "hdlr of size 1", ftyp + meta(Build.be32(1) + Array("hdlr".utf8) + [UInt8](repeating: 0, count: 16)),
            "no image size"
        )
    ]

    @Test(arguments: crafted.indices) func craftedHEIFHeadersFailInWords(index: Int) {
        let (name, bytes, reason) = Self.crafted[index]
        switch ImageHeader.parse(bytes, format: .heic) {
        case .success(let header):
            #expect(reason == nil, "\(name): accepted")
            let problem = PixelBudget.problem(
                width: header.width ?? 0, height: header.height ?? 0, fileBytes: bytes.count,
                format: .heic)
            #expect(problem?.contains("megapixels") == true, "\(name): \(String(describing: problem))")
        case .failure(let failure):
            #expect(reason.map(failure.reason.contains) == true, "\(name): \(failure.reason)")
        }
    }

    /// Offsets of every box of a HEIF file, nested ones included.
    static func boxOffsets(_ bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        func scan(_ range: Range<Int>, _ depth: Int) {
            var at = range.lowerBound
            while depth < 4, at < range.upperBound, let box = HEIFHeader.box(Bytes(bytes), at, limit: range.upperBound)
            {
                found.append(at)
                let skip = ["meta": 4, "iinf": 6][box.type] ?? 0
                if ["meta", "iprp", "ipco", "iinf"].contains(box.type), box.body + skip <= box.end {
                    scan((box.body + skip)..<box.end, depth + 1)
                }
                at = box.end
            }
        }
        scan(0..<bytes.count, 0)
        return found
    }

    @Test func everyBoxSizeAtEveryAwkwardValue() {
        let seed = Build.heic(width: 4032, height: 3024, exif: Build.exif(ExifWriter.Fields(make: "Fuzz")))
        let offsets = Self.boxOffsets(seed)
        #expect(offsets.count >= 8)
        var tried = 0
        for at in offsets {
            let rest = seed.count - at
            for size in [0, 1, 2, 7, 8, 9, 15, 16, rest - 1, rest, rest + 1, 0x7FFF_FFFF, 0xFFFF_FFFF] {
                var mutant = seed
                mutant.replaceSubrange(at..<(at + 4), with: Build.be32(size))
                _ = ImageHeader.parse(mutant, format: .heic)
                for wide in [0, 1, 15, 16, rest, rest + 1, 0x7FFF_FFFF_FFFF_FFFF, -1] where size == 1 {
                    var long = mutant
                    let high = UInt64(bitPattern: Int64(wide))
                    long.replaceSubrange(
                        (at + 8)..<min(at + 16, long.count),
                        with: Build.be32(Int(high >> 32)) + Build.be32(Int(high & 0xFFFF_FFFF)))
                    _ = ImageHeader.parse(long, format: .heic)
                    tried += 1
                }
                tried += 1
            }
        }
        #expect(tried > 100)
    }

    static let seeds: [(ImageFormat, [UInt8])] = [
        (.heic, Build.heic(width: 640, height: 480, exif: Build.exif(ExifWriter.Fields(make: "Fuzz")))),
        (
            .jpeg,
            JPEGEncoder.encode(
                width: 24, height: 16, rgb: Painter.scene(width: 24, height: 16, seed: 3),
                exif: Build.exif(ExifWriter.Fields(make: "Fuzz")))
        ),
        (.png, Build.png(width: 640, height: 480, exif: Build.exif(ExifWriter.Fields(make: "Fuzz")))),
        (.webp, Build.webp(width: 640, height: 480, exif: Build.exif(ExifWriter.Fields(make: "Fuzz")))),
        (.tiff, Build.tiff(width: 300, height: 200, stripLength: 64))
    ]

    @Test(arguments: seeds.indices) func randomMutationsNeverTrapOrLoop(index: Int) {
        let (format, seed) = Self.seeds[index]
        var rng = Random(UInt64(index + 1))
        let awkward: [[UInt8]] = [
            [0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0x7F, 0xFF, 0xFF, 0xFF], [0x80, 0, 0, 0],
            [0, 0, 0, 1], [0, 0, 0, 8]
        ]
        for _ in 0..<3_000 {
            var mutant = seed
            switch rng.next() % 4 {
            case 0:
                for _ in 0...(rng.next() % 8) {
                    mutant[Int(rng.next() % UInt64(mutant.count))] ^= UInt8(1 << (rng.next() % 8))
                }
            case 1: mutant = Array(mutant.prefix(Int(rng.next() % UInt64(mutant.count)) + 1))
            case 2:
                let at = Int(rng.next() % UInt64(max(1, mutant.count - 4)))
                mutant.replaceSubrange(at..<min(at + 4, mutant.count), with: awkward[Int(rng.next() % 6)])
            default:
                for _ in 0...(rng.next() % 4) {
                    mutant[Int(rng.next() % UInt64(min(64, mutant.count)))] = UInt8(rng.next() & 255)
                }
            }
            if case .success(let header) = ImageHeader.parse(mutant, format: format) {
                _ = PixelBudget.problem(
                    width: header.width ?? 0, height: header.height ?? 0, fileBytes: mutant.count,
                    format: format)
            }
        }
    }
}
