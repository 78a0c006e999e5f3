import Foundation
import XCTest

/// Jobs in a script: `&` runs a command beside the next lines, `wait %N` ends as the job
/// did, the script's jobs are waited for at its end and its status is its first failure,
/// a job's included; a job's command line is escaped in its notice and in `jobs`.
extension ObjshCLITests {
    func testAScriptWaitsForItsJobsAndEndsWithTheFirstFailure() throws {
        let run = try objsh(["--cluster", "sample", "-q", "-c", "ls photos/2024 &\ninfo nosuch &\npwd"])
        XCTAssertEqual(run.status, 66, "the failed job's status: \(run.stderr)")
        XCTAssertTrue(run.stdout.contains("/\n") && run.stdout.contains("summer/\n"), run.stdout)
        XCTAssertTrue(run.stderr.contains("[1] done  ls photos/2024  "), run.stderr)
        XCTAssertTrue(run.stderr.contains("nosuch: no such container\n[2] failed (status 66)  info nosuch  "), run.stderr)

        let waited = try objsh(["--cluster", "sample", "-q", "-c", "info nosuch &\nwait %1\npwd"])
        XCTAssertEqual(waited.status, 66, waited.stderr)
        XCTAssertFalse(waited.stdout.contains("/"), "the script stopped at wait: \(waited.stdout)")
        XCTAssertEqual(try objsh(["--cluster", "sample", "-q", "-c", "wait %3"]).status, 66, "no such job")

        // exit in a script asks nothing: its jobs are waited for.
        let exited = try objsh(["--cluster", "sample", "-q", "-c", "ls photos/2024 &\nexit"])
        XCTAssertEqual(exited.status, 0, exited.stderr)
        XCTAssertTrue(exited.stdout.contains("summer/\n") && exited.stderr.contains("[1] done  ls photos/2024  "), exited.stderr)
    }

    func testAJobsCommandLineIsEscaped() throws {
        let run = try objsh(["--cluster", "sample", "-q", "-c", "info 'x\u{1B}]0;owned\u{7}' & jobs; jobs --json"])
        XCTAssertFalse(run.stdout.contains("\u{1B}") || run.stderr.contains("\u{1B}"), run.stdout + run.stderr)
        XCTAssertFalse(run.stdout.contains("\u{7}") || run.stderr.contains("\u{7}"))
        // One line: the job is listed (running or ended) until its notice, printed after the line.
        XCTAssertTrue(run.stdout.contains(#"  info 'x\e]0;owned\x07'  "#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"{"kind":"job","job":1,"state":"#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""line":"info 'x\u001b]0;owned\u0007'""#), run.stdout)
        XCTAssertTrue(run.stderr.contains(#"[1] failed (status 66)  info 'x\e]0;owned\x07'  "#), run.stderr)
    }
}
