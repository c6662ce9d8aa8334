import ApoloCore
import Foundation

/// A history step's patch as `JSONEncoder` writes it with sorted keys, byte for byte, but each photo's change
/// encoded on its own: the encoder holds a tree of every value it writes until the end (about 1.7 KB a photo), and a
/// step that adds 200,000 photos would hold a third of a gigabyte at once.
enum PatchJSON {
    /// Appends `patch` to `out`, keys in `JSONEncoder`'s sorted order (albums, people, photos, shares, shelves,
    /// stacks); `encoder` writes with `.sortedKeys` and `.withoutEscapingSlashes`.
    /// With `flush`, `out` is handed to it whenever it holds a megabyte or more (and left for the caller to finish):
    /// a step is then written as it is made, not held whole.
    static func write(
        _ patch: ProjectPatch, with encoder: JSONEncoder, into out: inout [UInt8],
        flush: ((inout [UInt8]) throws -> Void)? = nil
    ) throws {
        // a photo's change is about 450 bytes: room made once, not by doubling
        out.reserveCapacity(out.count + 4096 + (flush == nil ? 600 * patch.photos.count : 1 << 20))
        var first = true
        func key(_ name: String) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out += Array("\"\(name)\":".utf8)
        }
        out.append(UInt8(ascii: "{"))
        if let albums = patch.albums { key("albums"); out += try encoder.encode(albums) }
        if let people = patch.people { key("people"); out += try encoder.encode(people) }
        key("photos")
        out.append(UInt8(ascii: "["))
        for (i, change) in patch.photos.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += try encoder.encode(change)
            if let flush, out.count >= 1 << 20 { try flush(&out) }
        }
        out.append(UInt8(ascii: "]"))
        if let shares = patch.shares { key("shares"); out += try encoder.encode(shares) }
        if let shelves = patch.shelves { key("shelves"); out += try encoder.encode(shelves) }
        if let stacks = patch.stacks { key("stacks"); out += try encoder.encode(stacks) }
        out.append(UInt8(ascii: "}"))
    }
}
