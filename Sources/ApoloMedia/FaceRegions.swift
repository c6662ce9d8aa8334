import ApoloCore

/// Faces as MWG regions (`mwg-rs:Regions`, type Face), the form digiKam, Lightroom and ExifTool read. MWG areas
/// are normalised to the image as stored (before its EXIF orientation is applied) and given by their centre; apolo
/// keeps boxes as shown, by their corner, so each is turned back.
public struct FaceRegions: Sendable, Equatable {
    /// Boxes as shown: x, y, width, height in shares of the shown width and height.
    public var boxes: [[Double]]
    /// Each box's person's name (`mwg-rs:Name`, as Lightroom and digiKam store people), nil when not named.
    public var names: [String?] = []
    /// The file's EXIF orientation (1–8), and its stored size when known.
    public var orientation: Int
    public var width: Int?
    public var height: Int?

    public init(boxes: [[Double]], orientation: Int, width: Int? = nil, height: Int? = nil) {
        (self.boxes, self.orientation, self.width, self.height) = (boxes, orientation, width, height)
    }

    /// A box as shown → its MWG area (centre x, centre y, width, height) in the stored image.
    public static func area(_ box: [Double], orientation: Int) -> [Double] {
        guard box.count == 4 else { return [] }
        let (u, v) = (box[0] + box[2] / 2, box[1] + box[3] / 2)
        let turned = (5...8).contains(orientation)
        let (x, y): (Double, Double)
        switch orientation {
        case 2: (x, y) = (1 - u, v)
        case 3: (x, y) = (1 - u, 1 - v)
        case 4: (x, y) = (u, 1 - v)
        case 5: (x, y) = (v, u)
        case 6: (x, y) = (v, 1 - u)
        case 7: (x, y) = (1 - v, 1 - u)
        case 8: (x, y) = (1 - v, u)
        default: (x, y) = (u, v)
        }
        let round = { (value: Double) in (value * 10_000).rounded() / 10_000 }
        return [round(x), round(y), round(turned ? box[3] : box[2]), round(turned ? box[2] : box[3])]
    }

    /// Writes the `mwg-rs:Regions` property, or nothing when there is no face.
    func write(into out: XMLOut) {
        guard !boxes.isEmpty else { return }
        let areas = boxes.indices.map { ($0, Self.area(boxes[$0], orientation: orientation)) }.filter {
            $0.1.count == 4
        }
        out.element("mwg-rs:Regions", [("rdf:parseType", "Resource")]) {
            if let width, let height {
                let size = [("stDim:w", "\(width)"), ("stDim:h", "\(height)"), ("stDim:unit", "pixel")]
                out.element("mwg-rs:AppliedToDimensions", size)
            }
            out.element("mwg-rs:RegionList") {
                out.element("rdf:Bag") {
                    for (i, a) in areas {
                        out.element("rdf:li", [("rdf:parseType", "Resource")]) {
                            if i < names.count, let name = names[i] { out.element("mwg-rs:Name", text: name) }
                            out.element("mwg-rs:Type", text: "Face")
                            let area = zip(["x", "y", "w", "h"], a).map { ("stArea:" + $0, "\($1)") }
                            out.element("mwg-rs:Area", area + [("stArea:unit", "normalized")])
                        }
                    }
                }
            }
        }
    }

    static let namespaces = [
        ("mwg-rs", "http://www.metadataworkinggroup.com/schemas/regions/"),
        ("stDim", "http://ns.adobe.com/xap/1.0/sType/Dimensions#"),
        ("stArea", "http://ns.adobe.com/xmp/sType/Area#")
    ]
}
