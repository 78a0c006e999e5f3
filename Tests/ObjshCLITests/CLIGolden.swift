import Foundation
import GoldenFiles
import XCTest

/// Golden transcripts of whole `objsh` runs: the command line, stdin, stdout, stderr
/// and the exit status, in `Goldens/NAME.txt` beside this file (`GoldenFile` compares
/// and, with `OBJSH_RECORD_GOLDENS=1`, records and fails).
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
        GoldenFile.assertMatches(actual, named: name, in: GoldenFile.folder("Goldens", besideSource: #filePath), file: file, line: line)
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
