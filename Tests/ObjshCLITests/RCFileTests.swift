import Foundation
import XCTest

/// The rc file: run before a script only with `--rc`; its aliases then serve the script;
/// its errors name the file and line and stop nothing. And a pipeline whose reader ends
/// first (`| head -2`) is no error: the script goes on.
extension ObjshCLITests {
    private func writeRC(_ text: String) throws -> String {
        let folder = home + "/config/objsh"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/rc", atomically: true, encoding: .utf8)
        return folder + "/rc"
    }

    func testAnAliasFromTheRCFileServesAScriptWithRC() throws {
        let rc = try writeRC("alias years 'ls photos/2024'\nls nowhere\nalias 'bad name' x\nalias n 'ls photos/2024 | wc -l'\n")
        let without = try objsh(["--cluster", "sample", "-q", "-c", "years"])
        XCTAssertEqual(without.status, 64, "no rc without --rc: years is unknown")
        let with = try objsh(["--cluster", "sample", "-q", "--rc", "-c", "years; n"])
        let lines = with.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines, ["README.txt", "autumn/", "spring/", "summer/", "4"])
        XCTAssertEqual(with.status, 0, "errors in the rc file are never fatal: \(with.stderr)")
        XCTAssertTrue(with.stderr.contains("objsh: \(rc): line 2: ls: "), with.stderr)
        XCTAssertTrue(with.stderr.contains("objsh: \(rc): line 3: alias: NAME must be"), with.stderr)
    }

    func testAPipelineWhoseReaderEndsFirstLetsTheScriptGoOn() throws {
        let run = try objsh(["--cluster", "sample", "-q", "-c", "ls -R | head -2 | wc -l; pwd"])
        XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespaces), "2\n/\n")
        XCTAssertEqual(run.stderr, "")
    }
}
