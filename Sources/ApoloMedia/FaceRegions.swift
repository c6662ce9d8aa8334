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

    /// The `mwg-rs:Regions` property, or nothing when there is no face.
    var xml: String {
        guard !boxes.isEmpty else { return "" }
        let dimensions =
            width.flatMap { w in
                height.map { h in
                    "    <mwg-rs:AppliedToDimensions stDim:w=\"\(w)\" stDim:h=\"\(h)\" stDim:unit=\"pixel\"/>\n"
                }
            } ?? ""
        let items = boxes.indices.map { ($0, Self.area(boxes[$0], orientation: orientation)) }.filter {
            $0.1.count == 4
        }.map { i, a in
            let name = (i < names.count ? names[i] : nil).map {
                "       <mwg-rs:Name>\(Sidecar.escape($0))</mwg-rs:Name>\n"
            }
            return "      <rdf:li rdf:parseType=\"Resource\">\n" + (name ?? "")
                + "       <mwg-rs:Type>Face</mwg-rs:Type>\n"
                + "       <mwg-rs:Area stArea:x=\"\(a[0])\" stArea:y=\"\(a[1])\" stArea:w=\"\(a[2])\" "
                + "stArea:h=\"\(a[3])\" stArea:unit=\"normalized\"/>\n      </rdf:li>\n"
        }.joined()
        return "   <mwg-rs:Regions rdf:parseType=\"Resource\">\n\(dimensions)    <mwg-rs:RegionList>\n     <rdf:Bag>\n"
            + items + "     </rdf:Bag>\n    </mwg-rs:RegionList>\n   </mwg-rs:Regions>\n"
    }

    static let namespaces = [
        ("mwg-rs", "http://www.metadataworkinggroup.com/schemas/regions/"),
        ("stDim", "http://ns.adobe.com/xap/1.0/sType/Dimensions#"),
        ("stArea", "http://ns.adobe.com/xmp/sType/Area#")
    ]
}
