import Foundation
import XCTest

/// `objsh [CLUSTER:]PATH<TAB>` in real bash, zsh and fish, each in a pseudo-terminal with
/// the committed completion script loaded: remote paths complete on the file store and
/// on the Swift test server, names with a space and a quote too.
final class OSShellCompletionTests: XCTestCase {
    static let shells = ["bash", "zsh", "fish"]

    func testRemotePathsCompleteOnTheFileStore() throws {
        try eachShell { shell in
            try complete(shell, "objsh sample:/pho", to: "objsh sample:/photos/")
            try complete(shell, "objsh sample:/photos/hol", to: "objsh sample:/photos/holiday\\ snaps/")
            try complete(shell, "objsh sample:/photos/co", to: "objsh sample:/photos/cover.png ")
            try complete(shell, "objsh sampl", to: "objsh sample:")
        }
    }

    /// A cluster named like a folder of the shell's own folder is a cluster: after
    /// `--cluster` and before its colon, with no `/` from the shell's marking of folders
    /// (bash gave `objsh --cluster s3/`).
    func testAClusterNamedLikeALocalFolderStaysACluster() throws {
        try eachShell { shell in
            try FileManager.default.createDirectory(at: shell.home.appendingPathComponent("sample"), withIntermediateDirectories: true)
            try shell.type("cd \"$HOME\"\n")
            try shell.waitForLastLine("$ ")
            try complete(shell, "objsh --cluster sampl", to: "objsh --cluster sample ")
            try complete(shell, "objsh sampl", to: "objsh sample:")
        }
    }

    func testRemotePathsCompleteOnTheSwiftServer() throws {
        let swift = try TmuxSession.swiftServer()
        let container = "tabs" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("x".utf8).write(to: home.appendingPathComponent("x.txt"))
        try Self.objsh(
            [
                "--cluster", "env", "-q", "-c",
                "mkdir \(container); cd \(container); mkdir 'my photos'; cd 'my photos'; upload \(home.path)/x.txt \"it's.txt\"",
            ],
            home: home, environment: swift)
        defer { _ = try? Self.objsh(["--cluster", "env", "-q", "-c", "rm -r /\(container)"], home: home, environment: swift) }
        try eachShell(environment: swift) { shell in
            try complete(shell, "objsh env:/\(container.dropLast())", to: "objsh env:/\(container)/")
            try complete(shell, "objsh env:/\(container)/m", to: "objsh env:/\(container)/my\\ photos/")
            try complete(shell, "objsh env:/\(container)/my\\ photos/i", to: "objsh env:/\(container)/my\\ photos/it\\'s.txt ")
        }
    }

    /// Runs `body` once for each shell, in its own home, started with objsh on its PATH.
    func eachShell(environment: [String: String] = [:], _ body: (TmuxSession) throws -> Void) throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        for name in Self.shells {
            let home = try Self.home()
            defer { try? FileManager.default.removeItem(at: home) }
            let (program, arguments, variables) = try Self.start(name, home: home)
            // The sample store is made on first use: before the TAB, not during it.
            try Self.objsh(["--cluster", "sample", "-q", "-c", "pwd"], home: home, environment: [:])
            // A loaded machine is slow, not wrong: the TAB may take as long as the test waits.
            let slow = ["OBJSH_COMPLETION_DEADLINE": "60"]
            let shell = try TmuxSession(
                home: home, program: program, arguments: arguments,
                environment: variables.merging(environment) { $1 }.merging(slow) { $1 })
            defer { shell.stop() }
            try shell.waitForLastLine("$ ", timeout: 60)
            try body(shell)
        }
    }

    /// Types `typed` and TAB, waits for `completed` (a trailing space is checked through
    /// the cursor), then clears the line.
    func complete(_ shell: TmuxSession, _ typed: String, to completed: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try shell.type(typed)
        try shell.press("Tab")
        try shell.waitForLastLine("$ " + completed, timeout: 60, file: file, line: line)
        try shell.press("C-u")
        try shell.waitForLastLine("$ ", file: file, line: line)
    }

    /// The program, arguments and environment that start `shell` with the committed
    /// completion script loaded and `$ ` as its prompt.
    static func start(_ shell: String, home: URL) throws -> (String, [String], [String: String]) {
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.path + "/objsh", withDestinationPath: try TmuxSession.binary())
        let path = ["PATH": bin.path + ":/usr/bin:/bin"]
        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("completions")
        switch shell {
        case "bash":
            let rc = home.appendingPathComponent("bashrc")
            try "source \(TmuxSession.shellQuoted(scripts.path + "/objsh.bash"))\nPS1='$ '\n".write(to: rc, atomically: true, encoding: .utf8)
            return ("/bin/bash", ["--noprofile", "--rcfile", rc.path, "-i"], path)
        case "zsh":
            let functions = home.appendingPathComponent("zfunctions")
            try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: scripts.path + "/_objsh", toPath: functions.path + "/_objsh")
            try
                "fpath=(\(TmuxSession.shellQuoted(functions.path)) $fpath)\nautoload -Uz compinit\ncompinit -u -d \(TmuxSession.shellQuoted(home.path + "/zcompdump"))\nPS1='$ '\n"
                .write(to: home.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
            return ("/usr/bin/zsh", ["-i"], path.merging(["ZDOTDIR": home.path]) { $1 })
        default:
            let setup =
                "set -g fish_greeting ''; function fish_prompt; echo -n '$ '; end; source \(TmuxSession.shellQuoted(scripts.path + "/objsh.fish"))"
            return ("/usr/bin/fish", ["--no-config", "-C", setup], path)
        }
    }

    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-tab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    @discardableResult
    static func objsh(_ arguments: [String], home: URL, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TmuxSession.binary())
        process.arguments = arguments
        process.environment = [
            "HOME": home.path, "XDG_DATA_HOME": home.path + "/data", "XDG_STATE_HOME": home.path + "/state",
            "XDG_CONFIG_HOME": home.path + "/config", "PATH": "/usr/bin:/bin",
        ].merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "objsh", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: printed])
        }
        return printed
    }
}
