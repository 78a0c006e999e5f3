import Foundation
import XCTest

/// `help CMD` wraps at the width it is given, between words, and shows no escapes of
/// the man page's source: `help cp` and `help mv` printed lines of up to 1,078
/// characters cut mid-word, and literal backslashes (issue 42).
extension ObjshCLITests {
    func testEveryCommandsHelpFitsTheWidthAndShowsNoBackslash() throws {
        let commands = try objsh(["--cluster", "sample", "-q", "-c", "help"]).stdout.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        XCTAssertTrue(commands.contains("cp") && commands.contains("mv"), "\(commands)")
        for width in [60, 100] {
            let script = commands.map { "help \($0)" }.joined(separator: "; ")
            let run = try objsh(["--cluster", "sample", "-q", "-c", script], environment: ["COLUMNS": "\(width)"])
            XCTAssertEqual(run.status, 0, run.stderr)
            for line in run.stdout.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, width, "wider than \(width): \(line)")
                XCTAssertFalse(line.contains("\\"), "a backslash: \(line)")
            }
        }
    }
}
