import Foundation
import XCTest

/// Ctrl-Z at a real terminal (tmux) beyond a transfer in the foreground: in `fg` it sends
/// the job back.
extension InteractiveJobTests {
    /// `fg`, then Ctrl-Z: the job goes back to the background, `jobs` shows it running,
    /// and it completes, its bytes whole.
    func testCtrlZInFgSendsTheJobBackAndItCompletes() throws {
        let bytes = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 1) })
        try bytes.write(to: home.appendingPathComponent("store/c/big.bin"))
        // Each 1 MiB waits 1 s: the download runs about six seconds.
        let shell = try shellInC(readDelay: 1000)
        let prompt = "objsh store:/c> "
        try shell.type("get big.bin &\n")
        try shell.waitForLastLine(prompt)
        try shell.type("fg\n")
        try shell.waitFor("the job's progress line in the foreground") { screen in
            let last = screen.split(separator: "\n").last ?? ""
            return last.contains(" / 6.0 MiB  ") && !last.hasPrefix("objsh ")
        }
        try shell.press("C-z")
        let back = try shell.waitForLastLine(prompt)
        XCTAssertTrue(back.contains("[1] get big.bin &"), back)
        try shell.type("jobs\n")
        try shell.waitFor("the job, running") { $0.contains("[1] running  get big.bin  ") }
        try shell.type("wait\n")
        try shell.waitFor("the job to end", timeout: 30) { $0.contains("[1] done  get big.bin  ") }
        XCTAssertEqual(try Data(contentsOf: home.appendingPathComponent("down/big.bin")), bytes)
    }
}
