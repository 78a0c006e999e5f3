import Foundation
import XCTest

/// The real `objsh` binary in a pseudo-terminal: a private tmux server (its own `-L`
/// socket, so no other tmux is touched) running one window, driven by keys and read
/// back from the screen.
final class TmuxSession {
    static let columns = 100
    static let rows = 30

    let socket: String
    let home: URL
    private var isRunning = false

    /// Starts `objsh ARGUMENTS` with `HOME` and the XDG directories under `home`; after it
    /// leaves, the window shows `EXITED rc=STATUS`.
    /// With `outputFile`, standard output goes there and only standard error to the terminal.
    /// With `program`, that runs instead of objsh (an OS shell, say) with `arguments`.
    /// With `rawLog`, every byte the window's programs write to the terminal is copied
    /// there as written (tmux's `pipe-pane`, set in the same tmux command that starts the
    /// window, so before its first byte is read).
    /// With `jobControl`, the window's shell runs objsh as a job of its own (`set -m`), as
    /// a person's shell does: in a process group that the terminal's Ctrl-Z stops (the
    /// window's own group is orphaned, and the kernel stops none of it on Ctrl-Z).
    init(
        home: URL, program: String? = nil, arguments: [String] = ["--cluster", "sample"], environment: [String: String] = [:],
        outputFile: String? = nil, rawLog: String? = nil, jobControl: Bool = false
    ) throws {
        // The socket lives in `home`, so it goes with the test's folder.
        socket = home.appendingPathComponent("tmux-\(UUID().uuidString.prefix(8))").path
        self.home = home
        let binary = try program ?? Self.binary()
        var variables = [
            "HOME": home.path, "XDG_DATA_HOME": home.path + "/data", "XDG_STATE_HOME": home.path + "/state",
            "XDG_CONFIG_HOME": home.path + "/config", "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
        ]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.shellQuoted($0.value))" }
        let command =
            (jobControl ? "set -m; " : "")
            + (["env", "-i"] + assignments + [Self.shellQuoted(binary)] + arguments.map(Self.shellQuoted)).joined(separator: " ")
            + (outputFile.map { " >" + Self.shellQuoted($0) } ?? "") + "; echo EXITED rc=$?; sleep 120"
        // The server forks from this client and would hold a pipe open: no output captured.
        let piping = rawLog.map { [";", "pipe-pane", "-O", "-t", "objsh", "exec cat >" + Self.shellQuoted($0)] } ?? []
        try tmux(["new-session", "-d", "-s", "objsh", "-x", "\(Self.columns)", "-y", "\(Self.rows)", command] + piping, capturing: false)
        isRunning = true
    }

    deinit { stop() }

    /// Ends this session's tmux server and waits until the programs in its window are
    /// gone, so nothing writes into `home` (objsh saves its history on SIGHUP) afterwards.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        let window = (try? tmux(["display-message", "-p", "-t", "objsh", "#{pane_pid}"]))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let programs = window.map { [$0] + Self.children(of: $0) } ?? []
        _ = try? tmux(["kill-server"])
        let deadline = Date().addingTimeInterval(10)
        while programs.contains(where: Self.isRunning) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        unlink(socket)
    }

    /// The process id of objsh in the window (the window's shell runs it as its child).
    func programID() throws -> Int32 {
        let window = try tmux(["display-message", "-p", "-t", "objsh", "#{pane_pid}"])
        guard let shell = Int32(window.trimmingCharacters(in: .whitespacesAndNewlines)), let program = Self.children(of: shell).first else {
            throw TmuxError.failed(["display-message"], "no program runs in the window")
        }
        return program
    }

    /// The child processes of `pid`, from /proc.
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Whether `pid` runs (a zombie has finished: nobody may be left to reap it).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = status.lastIndex(of: ")")
        else { return false }
        return status[status.index(end, offsetBy: 2)] != "Z"
    }

    /// Types text literally (spaces, quotes and UTF-8 pass through as they are).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "objsh", "-l", text]) }

    /// Types text and waits until the line reads `prompt + text`, for keys that must not
    /// overtake it (Ctrl-C is a signal, sent before any typed text still unread).
    func typeAndWaitForEcho(_ text: String, after prompt: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try type(text)
        try waitForLastLine(prompt + text, file: file, line: line)
    }

    /// Presses keys by tmux name: `Tab`, `Enter`, `C-c`, `C-d`, `C-u`, `Up`.
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "objsh"] + keys) }

    /// The visible screen. `-N` keeps the blanks written at a line's end, so the space
    /// after a completed object name can be told from a folder's `/` with none.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-N", "-t", "objsh"])
    }

    /// Everything the window has shown since it started, with its colours and
    /// attributes as SGR sequences (`capture-pane -e`).
    func transcriptWithAttributes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-J", "-S", "-", "-E", "-", "-t", "objsh"])
    }

    /// Everything the window has shown since it started, scrollback included.
    func transcript() throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", "objsh"])
    }

    /// The last non-empty line of the screen.
    func lastLine() throws -> String {
        try screen().split(separator: "\n").last { !$0.allSatisfy { $0 == " " } }.map(String.init) ?? ""
    }

    /// Whether the cursor sits on a row below the last text, as after Enter while a
    /// command runs and has printed nothing yet.
    func cursorIsBelowTheText() throws -> Bool {
        let rows = try screen().split(separator: "\n", omittingEmptySubsequences: false)
        guard let lastText = rows.lastIndex(where: { !$0.allSatisfy { $0 == " " } }) else { return false }
        let cursorRow = try tmux(["display-message", "-p", "-t", "objsh", "#{cursor_y}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int(cursorRow).map { $0 > lastText } ?? false
    }

    /// Polls the screen (with `scrollback`, everything shown since the start: a line the
    /// panes drawn after it pushed off the screen) every 0.1 s until `condition` holds;
    /// fails the test after `timeout`.
    @discardableResult
    func waitFor(
        _ description: String, timeout: TimeInterval = 10, scrollback: Bool = false, file: StaticString = #filePath,
        line: UInt = #line, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var shown = ""
        while Date() < deadline {
            shown = try scrollback ? transcript() : screen()
            if condition(shown) { return shown }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("timed out waiting for \(description); the screen was:\n\(shown)", file: file, line: line)
        throw TmuxError.timedOut(description)
    }

    /// Waits until the last line of the screen reads `text` and the cursor stands right
    /// after it. libedit pads a shortened line with blanks, so the trailing blanks of
    /// `text` (the space after a completed object name) are checked through the cursor.
    @discardableResult
    func waitForLastLine(_ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let expected = text.trimmingTrailingBlanks
        return try waitFor("the line \"\(text)\"", timeout: timeout, file: file, line: line) { screen in
            guard
                screen.split(separator: "\n").last(where: { !$0.allSatisfy { $0 == " " } })
                    .map({ String($0).trimmingTrailingBlanks }) == expected
            else { return false }
            return (try? cursorColumn()) == Self.cells(text)
        }
    }

    func cursorColumn() throws -> Int? {
        Int(try tmux(["display-message", "-p", "-t", "objsh", "#{cursor_x}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Terminal cells of a text: two for the East Asian wide characters and emoji the tests type.
    static func cells(_ text: String) -> Int {
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        ]
        return text.unicodeScalars.reduce(0) { total, scalar in
            total + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
        }
    }

    /// Runs one tmux client. posix_spawn and waitpid, not Foundation's Process: Process
    /// waits for a descriptor the forked tmux server inherits, so it never returns.
    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw TmuxError.failed(arguments, "pipe: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturing {
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclose(&actions, descriptors[0])
        posix_spawn_file_actions_addclose(&actions, descriptors[1])
        let argv = (["/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ)
        close(descriptors[1])
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while spawned == 0 {
            let count = read(descriptors[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        close(descriptors[0])
        guard spawned == 0 else { throw TmuxError.failed(arguments, "posix_spawn: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: data, as: UTF8.self)
        guard status == 0 else { throw TmuxError.failed(arguments, text) }
        return text
    }

    /// The `objsh` the package built, beside this test bundle in `.build/debug`.
    static func binary() throws -> String {
        let candidates: [String?] = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("objsh").path,
            Bundle(for: TmuxSession.self).bundleURL.deletingLastPathComponent().appendingPathComponent("objsh").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/objsh").standardized.path,
        ]
        let paths = candidates.compactMap { $0 }
        guard let found = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TmuxError.missingBinary(paths)
        }
        return found
    }

    static var isTmuxInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// The `env` cluster's variables (`ST_AUTH`, `ST_USER`, `ST_KEY`) for the test Swift
    /// server; skips the test when the README's test command did not start one.
    static func swiftServer() throws -> [String: String] {
        let environment = ProcessInfo.processInfo.environment
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"]
        else { throw XCTSkip("no Swift server: OBJSH_TEST_SWIFT_AUTH/_USER/_KEY are unset; run the README's test command") }
        return ["ST_AUTH": auth, "ST_USER": user, "ST_KEY": key]
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

enum TmuxError: Error, CustomStringConvertible {
    case failed([String], String)
    case timedOut(String)
    case missingBinary([String])

    var description: String {
        switch self {
        case .failed(let arguments, let output): return "tmux \(arguments.joined(separator: " ")) failed: \(output)"
        case .timedOut(let what): return "timed out waiting for \(what)"
        case .missingBinary(let paths):
            return
                "the objsh binary is missing (looked in \(paths.joined(separator: ", "))); run `swift build --product objsh` first, as scripts/test does"
        }
    }
}
