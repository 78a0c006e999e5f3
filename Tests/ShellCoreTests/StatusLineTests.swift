import Rendering
import Transfers
import XCTest

@testable import ShellCore

/// The one status line: it escapes what it shows, clears itself before any other line,
/// and leaves nothing behind when it ends.
@MainActor
final class StatusLineTests: XCTestCase {
    func testTheProgressLineOfAStreamHasNoTotal() async {
        let progress = TransferProgress(streaming: "backup.tar")
        progress.add(bytes: 3 << 20)
        let line = ProgressText.line(progress)
        XCTAssertTrue(line.hasPrefix("backup.tar  3.0 MiB  "), line)
        XCTAssertFalse(line.contains("/ ") || line.contains("left"), line)
    }

    func testProgressLineSaysDoneTotalRateAndTimeLeft() async {
        let progress = TransferProgress(name: "big.iso", bytesTotal: 4 << 30, itemsTotal: 3)
        progress.add(bytes: 1 << 30)
        progress.finishItem()
        let line = ProgressText.line(progress, at: progress.started + .seconds(2))
        XCTAssertEqual(line, "big.iso  1.0 GiB / 4.0 GiB  512.0 MiB/s  0:06 left  1/3 files")
    }

    func testANameThatPaintsIsShownEscaped() async {
        let output = CapturedOutput()
        let status = StatusLine(output: output, interval: .milliseconds(5))
        let progress = TransferProgress(name: "", bytesTotal: 10, itemsTotal: 2)
        progress.nowOn("esc\u{1B}[31mred.txt")
        status.begin { ProgressText.line(progress) }
        await waitUntil { output.standardError.contains("red.txt") }
        await status.end()
        let drawn = output.standardError.replacingOccurrences(of: TerminalControl.clearLine, with: "")
        XCTAssertFalse(drawn.contains("\u{1B}"), drawn.debugDescription)
        XCTAssertTrue(drawn.contains(#"esc\e[31mred.txt"#), drawn.debugDescription)
        XCTAssertTrue(output.standardError.hasSuffix(TerminalControl.clearLine), "the line is cleared at the end")
    }

    func testALineWrittenWhileItShowsStandsAlone() async {
        let output = CapturedOutput()
        let status = StatusLine(output: output, interval: .seconds(3600))
        let console = Console(output: output, settings: ShellSettings(), status: status)
        status.show("indexing photos: 10 names")
        console.writeError("rm: a.txt: no such object\n")
        console.writeError("rm: b.txt: no such object\n")
        XCTAssertEqual(
            output.standardError,
            TerminalControl.clearLine + "indexing photos: 10 names" + TerminalControl.clearLine
                + "rm: a.txt: no such object\nrm: b.txt: no such object\n",
            "cleared once before the first line; nothing to clear before the second")
        await status.end()
        XCTAssertFalse(output.standardError.hasSuffix(TerminalControl.clearLine + TerminalControl.clearLine))
    }

    /// The status lines of one terminal share its one row: a line written through the
    /// shell's console while a foreground command's progress shows clears that progress
    /// first (it went on after the progress text); a hidden job's writes, which are held,
    /// leave the row as it is.
    func testEveryStatusLineOfATerminalClearsWhatAnotherDrew() async {
        let output = CapturedOutput()
        let shellLine = StatusLine(output: output, interval: .seconds(3600))
        let foreground = StatusLine(output: output, interval: .seconds(3600), row: shellLine.row)
        let job = StatusLine(output: output, interval: .seconds(3600), hidden: true, row: shellLine.row)
        foreground.show("big.bin  1.0 MiB / 8.0 MiB  2.0 MiB/s")
        Console(output: output, settings: ShellSettings(), status: shellLine).writeError("debug: PUT /c/big.bin\n")
        foreground.show("big.bin  2.0 MiB / 8.0 MiB  2.0 MiB/s")
        Console(output: CapturedOutput(), settings: ShellSettings(), status: job).write("held for the job\n")
        job.setHidden(true)
        let clear = TerminalControl.clearLine
        XCTAssertEqual(
            output.standardError,
            clear + "big.bin  1.0 MiB / 8.0 MiB  2.0 MiB/s" + clear + "debug: PUT /c/big.bin\n" + clear + "big.bin  2.0 MiB / 8.0 MiB  2.0 MiB/s")
        await foreground.end()
        XCTAssertTrue(output.standardError.hasSuffix("2.0 MiB/s" + clear), "the foreground line clears what it drew")
    }

    func testNothingIsWrittenWhenNothingWasShown() async {
        let output = CapturedOutput()
        let status = StatusLine(output: output, interval: .seconds(3600))
        let console = Console(output: output, settings: ShellSettings(), status: status)
        try? await console.withProgress(TransferProgress(name: "a", bytesTotal: 1)) { console.write("done\n") }
        XCTAssertEqual(output.standardOutput, "done\n")
        XCTAssertEqual(output.standardError, "", "a progress line never drawn is never cleared")
    }

    private func waitUntil(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        XCTAssertTrue(condition(), "the state waited for did not come")
    }
}
