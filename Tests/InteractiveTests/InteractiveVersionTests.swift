import Foundation
import XCTest

/// Versions at a terminal, on the Swift test server: `rm --version` says which version
/// and asks (no keeps it, yes deletes it), and TAB after `--version` offers the object's
/// version IDs from one version listing.
final class InteractiveVersionTests: XCTestCase {
    func testRmVersionAsksAndTabCompletesVersionIDs() throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        let swift = try TmuxSession.swiftServer()
        let container = "vtty" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let home = try OSShellCompletionTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("one\n".utf8).write(to: home.appendingPathComponent("one.txt"))
        try Data("two\n".utf8).write(to: home.appendingPathComponent("two.txt"))
        let listed = try OSShellCompletionTests.objsh(
            [
                "--cluster", "env", "-q", "-c",
                "mkdir \(container); versions on \(container); cd \(container); upload \(home.path)/one.txt doc.txt; "
                    + "upload \(home.path)/two.txt doc.txt; ls --versions doc.txt",
            ], home: home, environment: swift)
        defer { _ = try? OSShellCompletionTests.objsh(["--cluster", "env", "-q", "-c", "rm -r -f /\(container)"], home: home, environment: swift) }
        let ids = listed.split(separator: "\n").filter { $0.hasSuffix("  doc.txt") }.map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(ids.count, 2, listed)
        guard ids.count == 2 else { return }
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "env"], environment: swift)
        defer { shell.stop() }
        let prompt = "objsh env:/> "
        try shell.waitForLastLine(prompt, timeout: 30)
        try shell.type("cat /\(container)/doc.txt --version ")
        try shell.press("Tab")
        try shell.waitFor("both IDs offered") { $0.contains(ids[0]) && $0.contains(ids[1]) }
        try shell.press("C-u")
        try shell.type("rm --version \(ids[1]) /\(container)/doc.txt")
        try shell.press("Enter")
        try shell.waitFor("the question") {
            $0.contains("delete version \(ids[1]) of /\(container)/doc.txt (") && $0.contains("for good? [y/N] ")
        }
        try shell.type("n")
        try shell.press("Enter")
        // What a command printed may scroll off under the panes drawn after it (the account
        // pane grows with the suite's containers): the scrollback tells.
        try shell.waitFor("the refusal", scrollback: true) { $0.contains("rm: nothing deleted") }
        try shell.type("rm --version \(ids[1]) /\(container)/doc.txt")
        try shell.press("Enter")
        // The panes drawn after the refusal may push the first question off the screen
        // (the account pane grows with the suite's containers): the last line tells.
        try shell.waitFor("the question again") { screen in
            let last = screen.split(separator: "\n").last { !$0.allSatisfy { $0 == " " } } ?? ""
            return last.hasPrefix("delete version \(ids[1]) of /\(container)/doc.txt (") && last.contains("for good? [y/N]")
        }
        try shell.type("y")
        try shell.press("Enter")
        try shell.waitFor("the deletion", scrollback: true) { $0.contains("deleted version \(ids[1]) of /\(container)/doc.txt") }
        let after = try OSShellCompletionTests.objsh(
            ["--cluster", "env", "-q", "-c", "ls --versions /\(container)/doc.txt"], home: home, environment: swift)
        XCTAssertFalse(after.contains(ids[1]), after)
        XCTAssertTrue(after.contains(ids[0]), after)
    }

    /// `rm -r` of a container that keeps versions: the question names the old versions
    /// that go with it, for good; the answer says how many went.
    func testRmRecursiveOfAVersionedContainerNamesItsOldVersionsInTheQuestion() throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        let swift = try TmuxSession.swiftServer()
        let container = "vrtty" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let home = try OSShellCompletionTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("one\n".utf8).write(to: home.appendingPathComponent("one.txt"))
        _ = try OSShellCompletionTests.objsh(
            [
                "--cluster", "env", "-q", "-c",
                "mkdir \(container); versions on \(container); cd \(container); upload \(home.path)/one.txt; upload \(home.path)/one.txt",
            ], home: home, environment: swift)
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "env"], environment: swift)
        defer { shell.stop() }
        try shell.waitForLastLine("objsh env:/> ", timeout: 30)
        try shell.type("rm -r /\(container)")
        try shell.press("Enter")
        // The question is longer than the terminal is wide: its lines are read joined.
        try shell.waitFor("the question") {
            $0.replacingOccurrences(of: "\n", with: "").contains(
                "delete 1 object (4 B) under /\(container) and the container, with every old version it keeps, for good? [y/N]")
        }
        try shell.type("y")
        try shell.press("Enter")
        try shell.waitFor("the deletion", scrollback: true) {
            $0.contains("deleted 1 object under /\(container) and the container, with the 3 versions it kept")
        }
    }

    /// `rm --versions`: the question says how many old versions and bytes go for good;
    /// no keeps them, yes deletes them and leaves the current one.
    func testRmVersionsAsksWithTheCountAndBytes() throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        let swift = try TmuxSession.swiftServer()
        let container = "vptty" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let home = try OSShellCompletionTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("one\n".utf8).write(to: home.appendingPathComponent("one.txt"))
        let upload = "upload \(home.path)/one.txt"
        _ = try OSShellCompletionTests.objsh(
            ["--cluster", "env", "-q", "-c", "mkdir \(container); versions on \(container); cd \(container); \(upload); \(upload); \(upload)"],
            home: home, environment: swift)
        defer { _ = try? OSShellCompletionTests.objsh(["--cluster", "env", "-q", "-c", "rm -r -f /\(container)"], home: home, environment: swift) }
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "env"], environment: swift)
        defer { shell.stop() }
        try shell.waitForLastLine("objsh env:/> ", timeout: 30)
        let question = "delete 2 old versions (8 B) of /\(container)/one.txt for good? [y/N]"
        for answer in ["n", "y"] {
            try shell.type("rm --versions /\(container)/one.txt")
            try shell.press("Enter")
            try shell.waitFor("the question") { screen in
                let last = screen.split(separator: "\n").last { !$0.allSatisfy { $0 == " " } } ?? ""
                return last.hasPrefix(question)
            }
            try shell.type(answer)
            try shell.press("Enter")
            if answer == "n" { try shell.waitFor("the refusal", scrollback: true) { $0.contains("rm: nothing deleted") } }
        }
        try shell.waitFor("the deletion", scrollback: true) {
            $0.contains("deleted 2 old versions (8 B) of /\(container)/one.txt for good; the current versions stay")
        }
        let after = try OSShellCompletionTests.objsh(
            ["--cluster", "env", "-q", "-c", "ls --versions /\(container)/one.txt"], home: home, environment: swift)
        XCTAssertEqual(after.split(separator: "\n").count, 1, after)
    }
}
