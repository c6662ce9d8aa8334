import Foundation
import Testing

@Suite struct PluginTests {
    func sandbox() -> Sandbox {
        let box = Sandbox().tripWithPhotos()
        box.environment["PATH"] = packageRoot + "/examples/plugins:/usr/bin:/bin"
        return box
    }

    @Test func dedupeBurstsKeepsTheBestShotAndUndoesInOneStep() throws {
        let box = sandbox()
        let before = box.document("trip")
        let run = box.apolo("dedupe-bursts")
        #expect(run.code == 0 && run.out.contains("moved 2 burst shots to shelf 'bursts'"), "\(run)")
        let bursts = try #require(json(box.apolo("shelf", "show", "bursts", "--json").out) as? [[String: Any]])
        #expect(Set(bursts.compactMap { $0["file"] as? String }) == ["IMG_0102.jpg", "IMG_0103.jpg"])
        #expect(box.apolo("table").out.contains("IMG_0101.jpg"), "the 4-star shot stays")
        #expect(box.apolo("history").out.contains("apolo dedupe-bursts (plugin, via apolo run -)"))
        #expect(box.apolo("undo").code == 0 && box.document("trip") == before)
        #expect(box.apolo("dedupe-bursts", "--print").out.hasPrefix("shelf create 'bursts'\nslide move "))
    }

    @Test func htmlWritesASlideshowInAlbumOrder() throws {
        let box = sandbox()
        for line in [
            "shelf create b", "slide move table:2 --to b", "slide move table:1 --to b", "album compress b",
            "shelf create a", "slide move table:1 --to a", "album compress a", "album move a --to 1"
        ] {
            #expect(box.line(line).code == 0, "\(line)")
        }
        let run = box.apolo("html", "--to", "site")
        #expect(run.code == 0 && run.out.contains("3 photos in 2 albums"), "\(run)")
        let page = try String(contentsOfFile: box.root + "/site/trip.html", encoding: .utf8)
        let order = ["trip/001-a-", "trip/002-b-", "trip/003-b-"].map { page.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
        #expect(FileManager.default.fileExists(atPath: box.root + "/site/trip/001-a-IMG_0102.jpg"))
    }

    /// A plugin is given a read-only snapshot: writing to it changes a copy, never the project.
    @Test func aPluginCannotDamageTheProjectDocument() throws {
        let box = Sandbox().tripWithPhotos()
        let folder = box.home + "/plugins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "#!/bin/sh\nchmod u+w \"$APOLO_PROJECT_FILE\"; echo '{}' > \"$APOLO_PROJECT_FILE\"\n".write(
            toFile: folder + "/apolo-vandal", atomically: true, encoding: .utf8)
        chmod(folder + "/apolo-vandal", 0o755)
        let before = box.document("trip")
        box.apolo("vandal")
        #expect(box.document("trip") == before)
        #expect(box.apolo("table").code == 0)
    }

    @Test func pluginsGetTheContractEnvironmentAndBuiltinsWin() throws {
        let box = sandbox()
        let folder = box.home + "/plugins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script =
            "#!/bin/sh\n[ \"$1\" = --describe ] && { echo 'Print the plugin environment'; exit 0; }\n"
            + "echo \"home=$APOLO_HOME project=$APOLO_PROJECT file=$APOLO_PROJECT_FILE args=$*\"\n"
            + "\"$APOLO_BIN\" project show --json | grep -c apolo-project\nexit 7\n"
        for name in ["apolo-env", "apolo-table"] {
            try script.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            chmod(folder + "/" + name, 0o755)
        }
        let run = box.apolo("env", "a b", "--x")
        #expect(run.code == 7, "\(run)")
        #expect(
            run.out.hasPrefix("home=\(box.home) project=trip file=\(box.home)/cache/snapshots/trip-")
                && run.out.hasSuffix(".json args=a b --x\n1\n"), "\(run)")
        #expect(box.apolo("table").out.contains("IMG_0101.jpg"), "built-in table wins over apolo-table")
        let commands = box.apolo("commands").out
        #expect(commands.contains("env") && commands.contains("Print the plugin environment"))
        #expect(commands.contains("dedupe-bursts") && commands.contains("html"))
        let missing = box.apolo("nosuchplugin")
        #expect(missing.code == 2 && missing.err.contains("no plugin apolo-nosuchplugin"))
    }
}

/// True when a process whose command line matches `pattern` is running (pgrep -f).
/// True while a process matching `pattern` is still there 2 s on (a killed process can linger a moment before
/// it is reaped).
func running(_ pattern: String) throws -> Bool {
    for _ in 0..<20 {
        if try !runningNow(pattern) { return false }
        Thread.sleep(forTimeInterval: 0.1)
    }
    return true
}

private func runningNow(_ pattern: String) throws -> Bool {
    let pgrep = Process()
    pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
    pgrep.arguments = ["-f", "-x", pattern]  // the whole command line: "sleep 30" must not match "sleep 300"
    pgrep.standardOutput = FileHandle.nullDevice
    try pgrep.run()
    pgrep.waitUntilExit()
    return pgrep.terminationStatus == 0
}

@Suite struct HookTests {
    func hook(_ box: Sandbox, _ name: String, _ body: String) throws {
        try FileManager.default.createDirectory(atPath: box.home + "/hooks", withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + body).write(toFile: box.home + "/hooks/" + name, atomically: true, encoding: .utf8)
        chmod(box.home + "/hooks/" + name, 0o755)
    }

    @Test func postImportReceivesTheEventAsJSON() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        try hook(
            box, "post-import",
            "cat > \"$APOLO_HOME/event.json\"; echo \"$APOLO_EVENT $APOLO_PROJECT\" > \"$APOLO_HOME/env.txt\"\n")
        #expect(box.apolo("import", Samples.lisbon).code == 0)
        let event = try #require(
            json(try String(contentsOfFile: box.home + "/event.json", encoding: .utf8)) as? [String: Any])
        #expect(event["event"] as? String == "post-import" && event["project"] as? String == "trip")
        #expect(((event["details"] as? [String: Any])?["imported"] as? [Any])?.count == 10)
        #expect(try String(contentsOfFile: box.home + "/env.txt", encoding: .utf8) == "post-import trip\n")
    }

    @Test func aFailingPreExportHookStopsTheExport() throws {
        let box = Sandbox().tripWithPhotos()
        for line in ["shelf create a", "slide move table:1 --to a", "album compress a"] { box.line(line) }
        try hook(box, "pre-export", "echo 'checking...' >&2\necho 'the disk is not mounted' >&2\nexit 3\n")
        try hook(box, "post-export", "touch \"$APOLO_HOME/post-ran\"\n")
        let run = box.apolo("export", "--to", "out")
        #expect(
            run.code == 1 && run.err == "error: the pre-export hook stopped the command: the disk is not mounted\n",
            "\(run)")
        #expect(!FileManager.default.fileExists(atPath: box.root + "/out"))
        try hook(box, "pre-export", "exit 0\n")
        #expect(box.apolo("export", "--to", "out").code == 0)
        #expect(FileManager.default.fileExists(atPath: box.home + "/post-ran"))
    }

    /// A hook that never ends is stopped at APOLO_HOOK_TIMEOUT, with a warning; the import is saved.
    @Test func aHangingHookIsStoppedAtItsTimeLimit() throws {
        var box = Sandbox()
        box.environment["APOLO_HOOK_TIMEOUT"] = "1"
        box.apolo("project", "new", "trip")
        try hook(box, "post-import", "sleep 30.4217\n")  // a duration no other process on the machine sleeps
        let start = Date()
        let run = box.apolo("import", Samples.lisbon)
        #expect(
            run.code == 0 && run.err.contains("warning: post-import hook failed: it did not finish within 1 s"),
            "\(run)")
        #expect(Date().timeIntervalSince(start) < 15, "the hook was stopped, not waited for")
        #expect(box.apolo("table").out.contains("IMG_0101.jpg"))
        #expect(try !running("sleep 30.4217"), "the hook's whole process group was ended")
    }

    /// Ctrl-C while a hook runs ends the hook and apolo with 130; what was imported is saved.
    @Test func anInterruptDuringAHookEndsBoth() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        try hook(box, "post-import", "touch \"$APOLO_HOME/hook-started\"; sleep 31.4217\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["import", Samples.lisbon]
        process.environment = ["APOLO_HOME": box.home, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: box.home + "/hook-started"), Date() < deadline { usleep(5000) }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try !running("sleep 31.4217"), "the hook was ended too")
        #expect(box.apolo("table").out.contains("IMG_0101.jpg"), "the import itself was saved before the hook ran")
    }

    /// Both pipes are pumped: a hook that writes a lot to stderr before reading stdin cannot deadlock apolo.
    @Test func aHookWritingMuchBeforeReadingDoesNotDeadlock() throws {
        var box = Sandbox().tripWithPhotos()
        box.environment["APOLO_HOOK_TIMEOUT"] = "20"
        for line in ["shelf create a", "filter --from table --into a", "album compress a"] { box.line(line) }
        try hook(box, "pre-export", "head -c 200000 /dev/zero | tr '\\0' x >&2; cat > /dev/null; echo fine >&2\n")
        let run = box.apolo("export", "--to", "out")
        #expect(run.code == 0, "\(run)")
    }

    /// A post-hook that cannot even start is a warning, not a failure of the command.
    @Test func aHookWhoseInterpreterIsMissingIsAWarning() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        try FileManager.default.createDirectory(atPath: box.home + "/hooks", withIntermediateDirectories: true)
        try "#!/no/such/interpreter\n".write(toFile: box.home + "/hooks/post-import", atomically: true, encoding: .utf8)
        chmod(box.home + "/hooks/post-import", 0o755)
        let run = box.apolo("import", Samples.lisbon)
        #expect(
            run.code == 0
                && run.errLines == [
                    "warning: post-import hook failed: it cannot start: no such file or directory (check its #! line)"
                ], "\(run)")
    }

    @Test func completionOffersNamesFromTheOpenProject() {
        let box = Sandbox().tripWithPhotos()
        box.line("shelf create keepers")
        box.line("shelf create maybes")
        let run = box.run([
            "---completion", "shelf", "show", "--", "positional@0", "3", "1", "apolo", "shelf", "show", "k"
        ])
        #expect(run.code == 0 && run.out == "keepers\n", "\(run)")
    }
}
