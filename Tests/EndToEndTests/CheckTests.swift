import Foundation
import Testing

@Suite struct CheckTests {
    @Test func checkReportsEveryProblemAndRepairFixesTheSafeOnesAfterABackup() throws {
        let box = Sandbox().tripWithPhotos()
        for line in [
            "shelf create best", "slide move table:1 --to best", "shelf create more", "slide move table:1 --to more"
        ] { box.line(line) }
        let path = box.home + "/projects/trip.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"name\" : \"more\"", with: "\"name\" : \"best\"")
        text = text.replacingOccurrences(
            of: "\"slides\" : [\n        \"", with: "\"slides\" : [\n        \"ffffffffffff\",\n        \"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let damaged = box.document("trip")
        #expect(box.apolo("table").code == 4, "a damaged document is refused")
        let check = box.apolo("project", "check")
        #expect(
            check.code == 4 && check.out.contains("problem: the name 'best' is used twice")
                && check.out.contains("unknown photo ffffffffffff"), "\(check)")
        #expect(box.document("trip") == damaged, "check alone changes nothing")
        let repair = box.apolo("project", "check", "--repair")
        #expect(
            repair.code == 0 && repair.out.contains("renamed to 'best-2'")
                && repair.out.contains("saved the repaired document"), "\(repair)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: box.home + "/projects").filter {
            $0.hasPrefix("trip.json.bak-")
        }
        #expect(
            backups.count == 1
                && FileManager.default.contents(atPath: box.home + "/projects/" + backups[0]).map(Array.init) == damaged
        )
        #expect(box.apolo("shelf", "list").out.contains("best-2"))
        #expect(box.apolo("project", "check").out.contains("no problems"))
        let history = box.apolo("history").out
        #expect(
            history.contains("project check trip --repair") && history.contains("renamed to 'best-2'"),
            "a step of its own: \(history)")
    }

    @Test func invalidJSONCannotBeRepairedAndIsLeftAlone() throws {
        let box = Sandbox().tripWithPhotos()
        try Data("{ \"format\": ".utf8).write(to: URL(fileURLWithPath: box.home + "/projects/trip.json"))
        let run = box.apolo("project", "check", "trip", "--repair")
        #expect(run.code == 4 && run.err.contains("cannot be repaired automatically"), "\(run)")
        #expect(box.document("trip") == Array("{ \"format\": ".utf8))
    }
}
