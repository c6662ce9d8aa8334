import ApoloCore
import Foundation
import Testing
@testable import ApoloStore

/// A history step's patch written photo by photo is byte for byte what `JSONEncoder` writes of the whole.
@Suite struct PatchJSONTests {
    func both(_ patch: ProjectPatch) throws -> (whole: [UInt8], pieces: [UInt8]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var pieces: [UInt8] = []
        try PatchJSON.write(patch, with: encoder, into: &pieces)
        return (Array(try encoder.encode(patch)), pieces)
    }

    @Test func aPatchOfEveryPartIsWrittenAsTheEncoderWritesIt() throws {
        let before = try Sketch.project("table: a b | best: c*5#street | people: 1:Ana=a/0")
        var after = try Sketch.project(
            "table: a*2%red d | best: c b | album trip: b | people: 1:Ana=a/0,d/0 2=c/1")
        after.stacks = StackChoices(cuts: [Sketch.id("a")], joins: [], gap: 2)
        after.shares = [
            Share(
                number: 1, title: "Trip \"best\" / ünï", source: "best", photos: [Sketch.id("c")], token: "t0k",
                created: "2026-11-26T10:00:00Z")
        ]
        let patch = ProjectPatch.between(before, after)
        #expect(patch.albums != nil && patch.shelves != nil, "\(patch)")
        #expect(patch.stacks != nil && patch.shares != nil)
        #expect(patch.people != nil && patch.photos.count >= 3)
        let (whole, pieces) = try both(patch)
        #expect(pieces == whole, "\(String(decoding: pieces, as: UTF8.self))")
        #expect(try both(.none).pieces == Array("{\"photos\":[]}".utf8))
        #expect(try JSONDecoder().decode(ProjectPatch.self, from: Data(pieces)) == patch)
    }
}
