import ApoloFixtures
import Foundation

// Writes apolo's example photos (generated, with EXIF) into the folder given as the only argument.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let folder = arguments.first, !folder.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: make-sample-photos FOLDER\n".utf8))
    exit(2)
}
do {
    let written = try SampleSet.write(to: folder)
    print("wrote \(written.count) sample files under \(folder)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
