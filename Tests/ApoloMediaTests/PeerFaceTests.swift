import ApoloCore
import Testing
@testable import ApoloMedia

/// Faces other programs named: both of MWG's forms read, turned into boxes as shown, matched to measured faces.
@Suite struct PeerFaceTests {
    static let lightroom = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
         xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#"><mwg-rs:Regions rdf:parseType="Resource">
        <mwg-rs:RegionList><rdf:Bag>
         <rdf:li><rdf:Description mwg-rs:Name="Ana María" mwg-rs:Type="Face">
          <mwg-rs:Area stArea:x="0.25" stArea:y="0.4" stArea:w="0.1" stArea:h="0.2" stArea:unit="normalized"/>
         </rdf:Description></rdf:li>
         <rdf:li><rdf:Description mwg-rs:Name="The cake" mwg-rs:Type="Focus">
          <mwg-rs:Area stArea:x="0.5" stArea:y="0.5" stArea:w="0.1" stArea:h="0.1"/></rdf:Description></rdf:li>
         <rdf:li><rdf:Description mwg-rs:Name="Off the edge" mwg-rs:Type="Face">
          <mwg-rs:Area stArea:x="1.5" stArea:y="0.5" stArea:w="0.1" stArea:h="0.1"/></rdf:Description></rdf:li>
        </rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions></rdf:Description></rdf:RDF></x:xmpmeta>
        """
    static let elements = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
         xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#"><mwg-rs:Regions rdf:parseType="Resource">
        <mwg-rs:RegionList><rdf:Bag><rdf:li rdf:parseType="Resource"><mwg-rs:Name>Luis</mwg-rs:Name>
        <mwg-rs:Type>Face</mwg-rs:Type><mwg-rs:Area stArea:x="0.7" stArea:y="0.3" stArea:w="0.2" stArea:h="0.2"/>
        </rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions></rdf:Description></rdf:RDF></x:xmpmeta>
        """

    @Test func namedFaceRegionsAreReadInBothOfMWGsFormsAndOthersAreLeft() throws {
        let lightroom = try XMP.facts(Array(Self.lightroom.utf8)).get()
        #expect(
            lightroom.faces == [PeerFace(name: "Ana María", area: [0.25, 0.4, 0.1, 0.2])],
            "a focus region and an area off the photo are left")
        let digiKam = try XMP.facts(Array(Self.elements.utf8)).get()
        #expect(digiKam.faces == [PeerFace(name: "Luis", area: [0.7, 0.3, 0.2, 0.2])])
    }

    @Test func aRegionIsTurnedAsThePhotoIsShownAndFindsTheFaceItCovers() throws {
        let region = PeerFace(name: "Ana", area: [0.25, 0.4, 0.1, 0.2])
        let upright = try #require(region.box(orientation: 1))
        #expect(zip(upright, [0.2, 0.3, 0.1, 0.2]).allSatisfy { abs($0 - $1) < 1e-9 })
        let turned = try #require(region.box(orientation: 6))  // stored sideways, shown upright
        #expect(zip(turned, [0.5, 0.2, 0.2, 0.1]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(turned)")
        for orientation in 1...8 {  // apolo's own writing, read back, gives the box it wrote
            let box = [0.1, 0.2, 0.3, 0.25]
            let back = PeerFace(name: "x", area: FaceRegions.area(box, orientation: orientation))
                .box(orientation: orientation)!
            #expect(zip(back, box).allSatisfy { abs($0 - $1) < 1e-3 }, "orientation \(orientation): \(back)")
        }
        let faces = [
            Face(box: [0.6, 0.1, 0.2, 0.2], pixels: 100, score: 1, eyes: [], sharpness: 0),
            Face(box: [0.21, 0.31, 0.1, 0.18], pixels: 100, score: 1, eyes: [], sharpness: 0)
        ]
        #expect(region.face(among: faces, orientation: 1) == 1)
        #expect(PeerFace(name: "x", area: [0.9, 0.9, 0.05, 0.05]).face(among: faces, orientation: 1) == nil)
    }
}
