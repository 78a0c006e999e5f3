import Foundation
import XCTest

/// Golden transcripts of whole `objsh` runs: the command line, stdin, stdout, stderr
/// and the exit status, in `Goldens/NAME.txt` beside this file. `OBJSH_RECORD_GOLDENS=1`
/// rewrites the golden and fails, so a new baseline never passes silently.
enum CLIGolden {
    /// One run in a golden: its arguments and standard input.
    struct Case {
        var arguments: [String]
        var stdin: String?
        var environment: [String: String] = [:]
    }

    static func transcript(_ run: Case, _ result: ObjshCLITests.Run, home: String) -> String {
        let clean = { (text: String) in text.replacingOccurrences(of: home, with: "$HOME") }
        let command = "objsh " + run.arguments.map { $0.contains(" ") || $0.contains(";") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
        return "== \(clean(command))\n" + (run.stdin.map { "== stdin\n\($0)" } ?? "")
            + "== stdout\n\(clean(result.stdout))== stderr\n\(clean(result.stderr))== status \(result.status)\n"
    }

    static func assertMatches(_ name: String, _ actual: String, file: StaticString = #filePath, line: UInt = #line) {
        let directory = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent("Goldens")
        let path = directory.appendingPathComponent(name + ".txt").path
        if ProcessInfo.processInfo.environment["OBJSH_RECORD_GOLDENS"] == "1" {
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
            XCTFail("recorded \(name).txt; check it and run again without OBJSH_RECORD_GOLDENS", file: file, line: line)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            XCTFail("no golden \(name).txt; record it with OBJSH_RECORD_GOLDENS=1", file: file, line: line)
            return
        }
        if expected != actual {
            let difference = zip(expected.components(separatedBy: "\n").enumerated(), actual.components(separatedBy: "\n"))
                .first { $0.0.element != $0.1 }
                .map { "first difference at line \($0.0.offset + 1):\n  expected: \($0.0.element)\n  actual:   \($0.1)" } ?? "lengths differ"
            XCTFail("\(name).txt differs; \(difference)\nwhole output:\n\(actual)", file: file, line: line)
        }
    }
}

extension ObjshCLITests {
    /// Runs every case and compares their transcripts, one after another, with the golden.
    func checkGolden(_ name: String, _ cases: [CLIGolden.Case], file: StaticString = #filePath, line: UInt = #line) throws {
        var text = ""
        for run in cases {
            text += CLIGolden.transcript(run, try objsh(run.arguments, stdin: run.stdin, environment: run.environment), home: home)
        }
        CLIGolden.assertMatches(name, text, file: file, line: line)
    }
}
