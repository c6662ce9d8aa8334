import ApoloCore
import Foundation
import Testing
@testable import ApoloStore

@Suite struct ReaderTests {
    static func awkward() throws -> Project {
        var project = try Sketch.project("table: a | best: b*3#x | album trip: c", name: "trip \"quoted\"")
        var odd = Sketch.photo("odd")
        odd.file = "new\nline \"q\" back\\slash tab\t ünï ☃ 🎞 \u{1}.jpg"
        odd.make = "Make"
        odd.width = 4000
        odd.height = 3000
        odd.captured = nil
        odd.tags = ["a/b", "ĉ", ""]
        odd.discarded = true
        odd.rating = 5
        project.photos[odd.id] = odd
        return project
    }

    @Test func agreesWithJSONDecoderOnEverythingTheWriterWrites() throws {
        let bytes = try DocumentCodec.encode(try Self.awkward())
        #expect(DocumentReader.parse(bytes) == (try JSONDecoder().decode(Project.self, from: Data(bytes))))
    }

    /// The fast reader accepts exactly 64 lowercase hex digits as an id: one wrong byte anywhere is refused.
    @Test func idsMustBeLowercaseHex() throws {
        let good = String(repeating: "0123456789abcdef", count: 4)
        func document(_ id: String) -> [UInt8] {
            Array(
                #"""
                {"format":"apolo-project","version":1,"name":"t","photos":{"\#(id)":{"id":"\#(id)","file":"a.jpg",\#
                "path":"/a.jpg","bytes":1,"modified":"2024-01-01T00:00:00.000Z","format":"jpeg","orientation":1,\#
                "tags":[],"rating":0,"discarded":false}},"shelves":[],"albums":[]}
                """#
                .utf8)
        }
        #expect(DocumentReader.parse(document(good)) != nil)
        for bad in ["A", "g", "/", ":", "`", "@", " ", ".", "~", "é"] {
            for at in [0, 9, 31, 63] {
                var id = Array(good)
                id[at] = Character(bad)
                #expect(DocumentReader.parse(document(String(id))) == nil, "accepted \(bad) at \(at)")
            }
        }
        #expect(DocumentReader.parse(document(String(good.dropLast()))) == nil, "63 digits")
    }

    @Test func readsEscapesSurrogatesAndSkipsUnknownKeys() throws {
        let text = #"""
            {"format":"apolo-project","version":1,"name":"t\u00e9\ud83c\udf9e","future":{"x":[1,2.5e3,null,true]},
             "photos":{"ab00000000000000000000000000000000000000000000000000000000000000":
             {"id":"ab00000000000000000000000000000000000000000000000000000000000000",
             "file":"a\/b\u0041.jpg","path":"/p","bytes":1,
             "modified":"2024-01-01T00:00:00.000Z",
             "format":"jpeg","orientation":1,"tags":[],"rating":0,"discarded":false,"make":null,"extra":"x"}},
             "shelves":[],"albums":[]}
            """#
        let fast = try #require(DocumentReader.parse(Array(text.utf8)))
        #expect(fast == (try JSONDecoder().decode(Project.self, from: Data(text.utf8))))
        #expect(
            fast.name == "té🎞"
                && fast.photos["ab00000000000000000000000000000000000000000000000000000000000000"]?.file == "a/bA.jpg")
    }

    /// Seeded, printed and replayable: `APOLO_SEED=N swift test --filter ReaderTests` runs the same 3,000 mutations.
    @Test func mutatedDocumentsNeverCrashAndNeverDisagree() throws {
        let valid = try DocumentCodec.encode(try Self.awkward())
        let seed =
            ProcessInfo.processInfo.environment["APOLO_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("mutatedDocumentsNeverCrashAndNeverDisagree: seed \(seed) (APOLO_SEED=\(seed) replays it)")
        var generator = SplitMix(state: seed)
        var accepted = 0
        for trial in 0..<3000 {
            var bytes = valid
            switch trial % 4 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            case 1:
                for _ in 0..<3 {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            case 2: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator))
            default:
                bytes.insert(
                    Array("{}[]\",:0n\\".utf8).randomElement(using: &generator) ?? 0,
                    at: Int.random(in: 0..<bytes.count, using: &generator))
            }
            let fast = DocumentReader.parse(bytes)
            let slow = try? JSONDecoder().decode(Project.self, from: Data(bytes))
            if let fast, let slow { #expect(fast == slow, "seed \(seed), trial \(trial)") }
            if fast != nil, slow == nil {
                let diff =
                    (0..<min(valid.count, bytes.count)).first { valid[$0] != bytes[$0] }
                    ?? min(valid.count, bytes.count)
                let context = String(decoding: bytes[max(0, diff - 20)..<min(bytes.count, diff + 20)], as: UTF8.self)
                var reason = ""
                do { _ = try JSONDecoder().decode(Project.self, from: Data(bytes)) } catch {
                    reason = String("\(error)".prefix(300))
                }
                let what = "the fast reader accepted what JSONDecoder refuses at \(diff)"
                Issue.record("seed \(seed), trial \(trial): \(what): \(context.debugDescription) — \(reason)")
            }
            if (try? DocumentCodec.decode(bytes)) != nil { accepted += 1 }
        }
        #expect(accepted < 3000)
    }
}

/// SplitMix64: a small generator whose runs a seed replays.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
