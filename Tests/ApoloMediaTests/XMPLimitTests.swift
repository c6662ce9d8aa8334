import Foundation
import Testing
@testable import ApoloMedia

/// libxml2's duplicate-attribute check is quadratic, so one element with 75,000 attributes
/// (0.8 MB) took 11.5 s and 340,000 (4 MB) 380 s. Such a packet is refused before libxml2 sees it.
@Suite struct XMPLimitTests {
    static func packet(attributes: Int, elements: Int = 1) -> [UInt8] {
        let one = "<rdf:Description " + (0..<attributes).map { "a\($0)=\"1\"" }.joined(separator: " ") + "/>"
        return Array(
            ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + String(repeating: one, count: elements) + "</rdf:RDF></x:xmpmeta>").utf8)
    }

    @Test func anElementWithTensOfThousandsOfAttributesIsRefusedAtOnce() {
        let start = Date()
        guard case .failure(let failure) = XMP.facts(Self.packet(attributes: 75_000)) else {
            Issue.record("accepted")
            return
        }
        #expect(failure.reason.contains("more than 1000 attributes"), "\(failure.reason)")
        #expect(Date().timeIntervalSince(start) < 1, "refused in \(Date().timeIntervalSince(start)) s")
    }

    @Test func quotedEqualsSignsCommentsAndRealPacketsPass() {
        let quoted = Array(
            ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" a=\"" + String(repeating: "=", count: 5_000) + "\"><!-- "
                + String(repeating: "b=1 ", count: 5_000) + " --></x:xmpmeta>").utf8)
        #expect((try? XMP.facts(quoted).get()) != nil)
        #expect((try? XMP.facts(Self.packet(attributes: 300)).get()) != nil, "a Camera Raw packet has about 300")
    }

    @Test func manyElementsAtTheLimitStayLinearEnough() {
        let big = Self.packet(attributes: 1_000, elements: 400)
        #expect(big.count <= XMP.maxBytes)
        let start = Date()
        _ = XMP.facts(big)
        #expect(Date().timeIntervalSince(start) < XMP.maxSeconds + 1, "\(Date().timeIntervalSince(start)) s")
    }
}
