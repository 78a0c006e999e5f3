import XCTest

@testable import ShellCore

/// `mkdir` reads an absolute NAME from the root, as every path is read: `/name` makes a
/// container wherever the shell stands, `/c/sub` a folder in `c`. It was refused ("give a
/// name inside the current folder").
@MainActor
final class MakeFolderTests: XCTestCase {
    func testAnAbsoluteNameMakesAContainerOrAFolderFromAnyPlace() async throws {
        let harness = try TranscriptHarness()
        defer { harness.remove() }
        let run = try await harness.run(
            """
            mkdir c
            cd c
            mkdir sub
            cd sub
            mkdir /d
            mkdir /c/other
            mkdir /d/one/two
            mkdir //c/exact
            pwd
            ls /
            ls /c
            ls /d/one
            """, cluster: "local", quiet: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "/c/sub\nc/\nd/\nexact/\nother/\nsub/\ntwo/\n", run.stderr)
    }

    func testTheRootDotsAndAMissingContainerAreRefused() async throws {
        let cases: [(String, String, Int32)] = [
            ("mkdir /", "mkdir: /: a name cannot be empty", 64),
            ("mkdir /c/../x", "mkdir: /c/../x: a name cannot contain . or .. segments", 64),
            ("mkdir /nosuch/x", "mkdir: nosuch: no such container", 66),
        ]
        for (line, message, status) in cases {
            let harness = try TranscriptHarness()
            defer { harness.remove() }
            let run = try await harness.run("mkdir c\n" + line, cluster: "local", quiet: true)
            XCTAssertEqual(run.stderr.trimmingCharacters(in: .newlines), "objsh: line 2: " + message, line)
            XCTAssertEqual(run.status, status, line)
        }
    }
}
