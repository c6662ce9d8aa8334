/// A face region another program named (Lightroom's People, digiKam, Picasa): the person's name and the region's
/// MWG area (centre x, centre y, width, height, normalised to the image as stored, before its EXIF orientation).
/// Read at import from sidecars and embedded XMP, kept in the cache; at grouping, the measured face it covers is
/// taken to be that person (see `PeopleGroup.names`).
public struct PeerFace: Codable, Equatable, Sendable {
    public let name: String
    public let area: [Double]

    public init(name: String, area: [Double]) { (self.name, self.area) = (name, area) }

    /// The region as apolo keeps boxes: x, y, width, height of its corner, in shares of the photo as shown with
    /// `orientation` applied (the inverse of `FaceRegions.area`); nil when the area is not four numbers.
    public func box(orientation: Int) -> [Double]? {
        guard area.count == 4, area.allSatisfy(\.isFinite) else { return nil }
        let (x, y) = (area[0], area[1])
        let turned = (5...8).contains(orientation)
        let (u, v): (Double, Double)
        switch orientation {
        case 2: (u, v) = (1 - x, y)
        case 3: (u, v) = (1 - x, 1 - y)
        case 4: (u, v) = (x, 1 - y)
        case 5: (u, v) = (y, x)
        case 6: (u, v) = (1 - y, x)
        case 7: (u, v) = (1 - y, 1 - x)
        case 8: (u, v) = (y, 1 - x)
        default: (u, v) = (x, y)
        }
        let (w, h) = turned ? (area[3], area[2]) : (area[2], area[3])
        return [u - w / 2, v - h / 2, w, h]
    }

    /// The measured face this region covers (the most overlap, at least as much as two frames' same face), or nil.
    public func face(among faces: [Face], orientation: Int) -> Int? {
        guard let box = box(orientation: orientation) else { return nil }
        let region = Face(box: box, pixels: 0, score: 0, eyes: [], sharpness: 0)
        return faces.indices.filter { faces[$0].overlaps(region) }.max { a, b in
            Self.shared(faces[a].box, box) < Self.shared(faces[b].box, box)
        }
    }

    private static func shared(_ a: [Double], _ b: [Double]) -> Double {
        let w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]), h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
        return max(0, w) * max(0, h)
    }
}
