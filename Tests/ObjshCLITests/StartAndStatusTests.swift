import Foundation
import XCTest

/// `objsh [CLUSTER:]PATH` and exit statuses by class, as whole runs of the binary.
extension ObjshCLITests {
    func testStartingAtAPlaceOneShot() throws {
        try checkGolden(
            "start-place",
            [
                .init(arguments: ["sample:/photos/2024", "-c", "pwd; ls"]),
                .init(arguments: ["sample:photos", "-q", "-c", "pwd"]),
                .init(arguments: ["--cluster", "sample", "/documents/My Reports", "-q", "-c", "pwd; ls"]),
                .init(arguments: ["sample:/photos/cover.png", "-q", "-c", "pwd"]),
                .init(arguments: ["sample:"], stdin: "pwd\n"),
                .init(arguments: ["sample:/nowhere", "-c", "pwd"]),
                .init(arguments: ["sample:/photos/2024/nowhere", "-c", "pwd"]),
                .init(arguments: ["nowhere:/photos", "-c", "pwd"]),
                .init(arguments: ["--cluster", "sample", "local:/", "-c", "pwd"]),
            ])
    }

    /// Each class has its status, and a failure gives the same status from -c, -f, a
    /// pipe, and at start-up.
    func testExitStatusByClassIsTheSameInEveryMode() throws {
        let file = home + "/script.txt"
        let cases: [(script: String, status: Int32)] = [
            ("cd nowhere", 66), ("info photos/missing.png", 66), ("get photos/nope.txt", 66), ("help frobnicate", 66),
            ("frobnicate", 64), ("ls -z", 64), ("cd a b", 64), ("get photos", 64), ("mkdir photos", 1),
            ("exit 3", 3), ("pwd", 0),
        ]
        for (script, status) in cases {
            try (script + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            let runs = [
                try objsh(["sample:", "-q", "-c", script]), try objsh(["sample:", "-q", "-f", file]),
                try objsh(["sample:", "-q"], stdin: script + "\n"),
            ]
            for run in runs { XCTAssertEqual(run.status, status, "\(script): \(run.stderr)") }
        }
        XCTAssertEqual(try objsh(["sample:/nowhere", "-q", "-c", "pwd"]).status, 66, "at start-up as in a script")
        let continued = try objsh(["sample:", "-q", "--on-error", "continue"], stdin: "frobnicate\ncd nowhere\npwd\n")
        XCTAssertEqual(continued.status, 64, "going on, the run ends with its first failure's status")
        XCTAssertEqual(continued.stdout, "/\n")
    }
}
