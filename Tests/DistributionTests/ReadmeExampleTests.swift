import Foundation
import XCTest

/// The README's examples that need nothing but the built binary and the sample store
/// run as written, in a sandbox home, and succeed.
final class ReadmeExampleTests: XCTestCase {
    /// The `objsh … | jq …` lines of the README's "Use" block, without their comments.
    func jsonExamples() throws -> [String] {
        let readme = try String(contentsOf: PackageLayout.file("README.md"), encoding: .utf8)
        return readme.split(separator: "\n").map(String.init).filter { $0.hasPrefix("objsh ") && $0.contains("| jq ") }.map { line in
            String(line[..<(line.range(of: "  #")?.lowerBound ?? line.endIndex)]).trimmingCharacters(in: .whitespaces)
        }
    }

    func testTheJSONExampleRunsAsWritten() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") else { throw XCTSkip("jq is not installed") }
        let examples = try jsonExamples()
        XCTAssertFalse(examples.isEmpty, "the README shows objsh --json with jq")
        try Sandbox.run { sandbox in
            for example in examples {
                let run = try Tool.run("/bin/bash", ["-o", "pipefail", "-c", example], environment: sandbox.environment)
                XCTAssertEqual(run.status, 0, "\(example)\n\(run.transcript)")
                XCTAssertFalse(run.output.isEmpty, "\(example) printed names\n\(run.transcript)")
                XCTAssertEqual(run.errorOutput, "", example)
            }
        }
    }
}
