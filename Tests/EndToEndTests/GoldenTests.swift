import Foundation
import Testing

/// Whole-output ("golden") tests of the main listings: every column, space and line, on the generated samples.
/// A change to a listing's layout must change these on purpose.
@Suite struct GoldenTests {
    static let steps = [
        "rate table:1 4", "tag add table:1 tram", "tag add table:2 tram", "shelf create best",
        "slide move table:3 --to best", "slide move table:3 --to best", "shelf create two_words",
        "album compress best"
    ]

    static let expected: [(words: [String], text: String)] = [
        (
            ["table"],
            """
            #  ID          FILE                     CAPTURED                         RATING  TAGS
            1  0095c5e3ef  IMG_0101.jpg             2024-05-01 09:15:02              ★★★★☆   tram
            2  db2cd1c338  IMG_0103.jpg             2024-05-01 09:15:02                      tram
            3  3dd6e58572  DSC_2001.jpg             2024-05-02 08:05:10                      
            4  ad8f19eef0  IMG_0150.jpg             2024-05-02 12:00:00                      
            5  c75be5b5fe  DSC_2002.jpg             2024-05-02 18:30:45                      
            6  b2bce39b38  PXL_20240503_101500.jpg  2024-05-03 10:15:00                      
            7  45ac7749bd  PXL_20240503_201000.jpg  2024-05-03 20:10:00                      
            8  457c30f175  scan-001.jpg             2024-05-04 12:00:00 (file time)          
            """
        ),
        (
            ["shelf", "list"],
            """
            #  SHELF      SLIDES
            1  two_words       0
            """
        ),
        (
            ["album", "list"],
            """
            #  ALBUM  SLIDES
            1  best        2
            """
        ),
        (
            ["album", "show", "best"],
            """
            album best: 2 slides (locked)
            #  ID          FILE          CAPTURED             RATING  TAGS
            1  bbce6f0fc4  IMG_0102.jpg  2024-05-01 09:15:02          
            2  edc84fb1d2  IMG_0110.jpg  2024-05-01 11:40:00          
            """
        ),
        (
            ["tag", "list"],
            """
            TAG   PHOTOS
            tram       2
            """
        ),
        (
            ["project", "list"],
            """
               PROJECT  PHOTOS  SHELVES  ALBUMS
            *  trip         10        1       1
            """
        ),
        (
            ["slide", "show", "best:1"],
            """
            file:        IMG_0102.jpg
            path:        $SAMPLES/lisbon/day1/IMG_0102.jpg
            id:          bbce6f0fc434ab1e7a8e327b5617d229027a615b6a5df2c82dabc3b38e8feeb5
            captured:    2024-05-01 09:15:02 +01:00
            camera:      Canon EOS R6
            shot:        not recorded
            size:        320 × 240 px, 6 kB, jpeg
            pair:        none
            original:    present
            orientation: 1 (upright)
            rating:      unrated
            tags:        none
            places:      best:1
            focus:       can't tell: too little detail to judge
            exposure:    fine
            """
        ),
        (
            ["table", "--discarded"],
            """
            nothing is discarded
            """
        )
    ]

    @Test func theMainListingsAreExactlyAsDocumented() {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        box.apolo("import", Samples.lisbon)
        for step in Self.steps { #expect(box.line(step).code == 0, "\(step)") }
        for (words, text) in Self.expected {
            let run = box.run(words)
            let got = run.out.replacingOccurrences(of: Samples.folder, with: "$SAMPLES")
            #expect(got == text + "\n", "apolo \(words.joined(separator: " ")):\n\(got)")
        }
    }
}
