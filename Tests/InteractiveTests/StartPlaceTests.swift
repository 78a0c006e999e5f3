import Foundation
import GoldenFiles
import XCTest

/// `objsh CLUSTER:PATH` at a terminal: the shell opens there, or says why not and leaves.
final class StartPlaceTests: XCTestCase {
    var home: URL!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func testOpensAtThePlaceAndBackGoesUp() throws {
        let shell = try TmuxSession(home: home, arguments: ["sample:/photos/2024"])
        session = shell
        let screen = try shell.waitForLastLine("objsh sample:/photos/2024> ")
        Self.assertMatchesGolden("start-interactive", screen)
        try shell.type("back")
        try shell.press("Enter")
        try shell.waitForLastLine("objsh sample:/photos> ")
    }

    /// `cd` onto a text object: its info pane shows its first lines under the facts, as
    /// many as the terminal leaves room for.
    func testAnObjectsPaneShowsItsFirstLines() throws {
        let shell = try TmuxSession(home: home, arguments: ["sample:/photos/2024"])
        session = shell
        try shell.waitForLastLine("objsh sample:/photos/2024> ")
        try shell.type("cd README.txt")
        try shell.press("Enter")
        try shell.waitFor("the preview of README.txt") { $0.contains("┊ objsh sample object") }
        let screen = try shell.waitForLastLine("objsh sample:/photos/2024> ")
        Self.assertMatchesGolden("info-preview-interactive", screen)
    }

    func testAMissingPlaceIsAnErrorAndAStatus() throws {
        let shell = try TmuxSession(home: home, arguments: ["sample:/photos/nowhere"])
        session = shell
        let screen = try shell.waitFor("objsh to leave") { $0.contains("EXITED rc=") }
        XCTAssertTrue(screen.contains("objsh: sample: nowhere: no such file or folder in photos"), screen)
        XCTAssertTrue(screen.contains("EXITED rc=66"), screen)
        XCTAssertFalse(screen.contains("objsh sample:"), "no prompt: the shell did not open elsewhere\n\(screen)")
    }

    /// The screen, trailing blanks cut, against `Goldens/NAME.txt`; `OBJSH_RECORD_GOLDENS=1` records and fails.
    static func assertMatchesGolden(_ name: String, _ screen: String, file: StaticString = #filePath, line: UInt = #line) {
        let actual =
            screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingTrailingBlanks }.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
        GoldenFile.assertMatches(actual, named: name, in: GoldenFile.folder("Goldens", besideSource: #filePath), file: file, line: line)
    }
}
