import Testing
@testable import ApoloCore

/// `Photos` without a stored document behaves as a dictionary iterated in id byte order.
@Suite struct PhotosTests {
    @Test func actsAsADictionaryInByteOrder() {
        var photos: Photos = [Sketch.id("b"): Sketch.photo("b"), Sketch.id("a"): Sketch.photo("a")]
        #expect(photos.count == 2 && photos.keys == [Sketch.id("a"), Sketch.id("b")].sorted(by: Photos.byteOrder))
        photos[Sketch.id("c")] = Sketch.photo("c")
        photos[Sketch.id("a")] = nil
        photos[Sketch.id("zz")] = nil
        #expect(photos.count == 2 && !photos.contains(Sketch.id("a")) && photos.changes[Sketch.id("zz")] == nil)
        #expect(Set(photos.values.map(\.file)) == ["b.jpg", "c.jpg"])
        #expect(photos == [Sketch.id("c"): Sketch.photo("c"), Sketch.id("b"): Sketch.photo("b")])
        #expect(Photos.byteOrder("Z", "a") && Photos.byteOrder("a", "ab") && !Photos.byteOrder("é", "z"))
    }

    @Test func differencesListOnlyWhatChanged() {
        let old: Photos = [Sketch.id("a"): Sketch.photo("a"), Sketch.id("b"): Sketch.photo("b")]
        var new = old
        new[Sketch.id("a")]?.rating = 2
        new[Sketch.id("b")] = nil
        new[Sketch.id("c")] = Sketch.photo("c")
        let found = new.differences(from: old) { (id: $0, before: $1, after: $2) }
        #expect(found.map(\.id) == [Sketch.id("a"), Sketch.id("b"), Sketch.id("c")].sorted(by: Photos.byteOrder))
        #expect(
            found.allSatisfy {
                ($0.before == nil) == ($0.id == Sketch.id("c")) && ($0.after == nil) == ($0.id == Sketch.id("b"))
            })
    }
}
