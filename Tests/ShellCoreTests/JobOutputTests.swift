import Foundation
import XCTest

@testable import ShellCore

/// A job's held-back output stays bounded in memory: past its limit the rest goes to a
/// temporary file, named when the output is shown, removed when the shell ends.
final class JobOutputTests: XCTestCase {
    func testOutputPastTheLimitSpillsToAFileThatIsNamedAndRemoved() throws {
        let output = JobOutput(limit: 16)
        output.write("0123456789\n")
        output.writeError("abcdefghij\n")
        output.write("more\n")
        let held = output.take()
        XCTAssertEqual(held.lines.map(\.text), ["0123456789\n"], "only what fits the limit stays in memory")
        let spilled = try XCTUnwrap(held.spilled)
        XCTAssertEqual(spilled.bytes, 16)
        XCTAssertEqual(try String(contentsOfFile: spilled.path, encoding: .utf8), "abcdefghij\nmore\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: spilled.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "only its owner reads it")

        let terminal = CapturedOutput()
        JobOutput.print(held, on: terminal)
        XCTAssertEqual(terminal.standardOutput, "0123456789\n")
        XCTAssertTrue(terminal.standardError.contains("more output in \(spilled.path), removed when objsh ends"), terminal.standardError)

        // Held anew after it was shown: in memory again while it fits.
        output.write("again\n")
        let next = output.take()
        XCTAssertEqual(next.lines.map(\.text), ["again\n"])
        XCTAssertNil(next.spilled)
        output.removeSpilled()
        XCTAssertFalse(FileManager.default.fileExists(atPath: spilled.path), "removed when the shell ends")
    }
}
