import ApoloFixtures
import Foundation

// Writes apolo's example photos (generated, with EXIF) into FOLDER;
// with --count N, writes N small photos instead (for benchmarks); with --raw N, N DNGs with embedded previews;
// with --card N, a memory card's DCIM layout (--first N numbers a second card's files on);
// with --cull N, N sharp photos with two blurred copies each and N/2 bursts of 4 frames, labelled (bench-cull).
var arguments = Array(CommandLine.arguments.dropFirst())
var count: Int?
var size: (Int, Int)?
var raws: Int?
var cull: Int?
var card: Int?
var first = 1
while arguments.count >= 3 {
    if arguments[0] == "--count", let n = Int(arguments[1]), n > 0 {
        count = n
    } else if arguments[0] == "--cull", let n = Int(arguments[1]), n > 0 {
        cull = n
    } else if arguments[0] == "--card", let n = Int(arguments[1]), n > 0 {
        card = n
    } else if arguments[0] == "--first", let n = Int(arguments[1]), n > 0 {
        first = n
    } else if arguments[0] == "--raw", let n = Int(arguments[1]), n > 0 {
        raws = n
    } else if arguments[0] == "--size", case let parts = arguments[1].split(separator: "x").compactMap({ Int($0) }),
        parts.count == 2
    {
        size = (parts[0], parts[1])
    } else {
        break
    }
    arguments.removeFirst(2)
}
guard arguments.count == 1, let folder = arguments.first, !folder.hasPrefix("-") else {
    let usage =
        "usage: make-sample-photos [--count N [--size WxH] | --raw N | --cull N [--size WxH] "
        + "| --card N [--size WxH] [--first N]] FOLDER\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
do {
    if let card {
        let (width, height) = size ?? (640, 480)
        try CardSet.write(count: card, width: width, height: height, first: first, to: folder)
        print("wrote a card of \(card) shots (every fifth RAW+JPEG) under \(folder)/DCIM")
    } else if let cull {
        let (width, height) = size ?? (1600, 1200)
        try CullSet.write(singles: cull, bursts: cull / 2, width: width, height: height, to: folder)
        print("wrote \(cull * 3 + cull / 2 * 4) labelled photos of \(width)×\(height) under \(folder) (labels.json)")
    } else if let raws {
        try RawSet.write(count: raws, to: folder)
        print("wrote \(raws) DNG raws with embedded previews under \(folder)/raw")
    } else if let count, let (width, height) = size {
        try BulkSet.writeLarge(count: count, width: width, height: height, to: folder)
        print("wrote \(count) photos of \(width)×\(height) under \(folder)/bulk")
    } else if let count {
        try BulkSet.write(count: count, to: folder)
        print("wrote \(count) photos under \(folder)/bulk")
    } else {
        let written = try SampleSet.write(to: folder)
        print("wrote \(written.count) sample files under \(folder)")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
