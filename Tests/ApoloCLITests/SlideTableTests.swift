import ApoloCore
import ApoloStore
import Foundation
import Testing
@testable import ApoloCLI

/// The byte-level slide table prints exactly what the general table printer prints for the same rows.
@Suite struct SlideTableTests {
    /// The rows as `Output.table` would be given them.
    static func rows(_ views: [SlideView], showPlace: Bool) -> [[String]] {
        views.map { view in
            var row = [
                String(view.position), String(view.id.prefix(10)), view.file,
                Output.displayTime(view.captured) + (view.fileTime == true ? SlideTable.fileMark : ""),
                Stars.text(view.rating, blankZero: true), view.tags.joined(separator: ", ")
            ]
            if showPlace { row.insert(view.place, at: 1) }
            return row
        }
    }

    @Test(arguments: [(3, 1), (12_000, 1), (12_000, 2), (12_000, 3)], [false, true])
    func matchesTheGeneralTable(size: (count: Int, cores: Int), showPlace: Bool) throws {
        let (count, cores) = size
        var photos: [Photo] = []
        for n in 0..<count {
            var photo = Sketch.photo("p\(n)", index: n % 500)
            photo.rating = n % 6
            if n % 3 == 0 { photo.tags = ["street", "tram ☃"] }
            if n % 1000 == 1 { photo.file = "new\nline \u{1B}[31m ünï \u{10FF41}.jpg" }
            if n % 7 == 0 { photo.captured = nil }
            photos.append(photo)
        }
        let list = SlideList(place: .shelf("best ☃"), photos: photos)
        var header = ["#", "ID", "FILE", "CAPTURED", "RATING", "TAGS"]
        if showPlace { header.insert("PLACE", at: 1) }
        let expected = Output.tableBytes(header, Self.rows(Array(list), showPlace: showPlace), right: [0])
        let parts = SlideTable.render(list, showPlace: showPlace, cores: cores)
        #expect(parts.count == 1 + min(cores, max(1, count / 5000)), "the header, then a part per core for long tables")
        #expect(parts.flatMap { $0 } == expected)
        #expect(
            try Output.jsonText(array: list) == DocumentCodec.json(Array(list)),
            "JSON encoded in parts joins up exactly")
    }
}
