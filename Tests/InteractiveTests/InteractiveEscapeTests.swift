import Foundation
import TerminalScan
import XCTest

/// The escape sweep's interactive share: a person at a terminal over hostile names on
/// the file store and on Swift. The prompt holds a hostile folder, both panes print after
/// `cd` into one, TAB lists hostile names, `rm -r` asks `[y/N]` naming a hostile folder,
/// `index` and `search` name them, and a failed background index refresh is told, with a
/// hostile path in it. Every byte written to the terminal (tmux's `pipe-pane`) is scanned:
/// not one raw control byte that came from a name.
final class InteractiveEscapeTests: XCTestCase {
    var home: URL!
    var session: TmuxSession?
    /// Names that would paint, ring, move the cursor or reorder the terminal.
    static let names = [
        "esc\u{1B}[31mred.txt", "bel\u{07}.txt", "csi\u{9B}31m.txt", "cr\rover.txt", "nel\u{85}.txt", "del\u{7F}.txt",
        "rlo\u{202E}txt.exe", "lri\u{2066}iso.txt", "osc\u{1B}]0;title\u{07}.txt",
    ]
    /// The hostile folder below the container, where the session starts.
    static let folder = "h\u{1B}[31m\u{9B}"

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-escape-\(UUID().uuidString)")
        let seed = home.appendingPathComponent("seed/" + Self.folder)
        try FileManager.default.createDirectory(at: seed, withIntermediateDirectories: true)
        for name in Self.names {
            try Data("plain text\n".utf8).write(to: home.appendingPathComponent("seed/" + name))
        }
        for name in Self.names.prefix(3) { try Data("inner\n".utf8).write(to: seed.appendingPathComponent(name)) }
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func testNoRawControlByteAtTheTerminalOnTheFileStore() throws {
        let container = "box\u{1B}[31m\u{202E}"
        let store = home.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: home.appendingPathComponent("seed"), to: store.appendingPathComponent(container))
        try writeConfig("[cluster files]\ntype = file\npath = \(store.path)\nindex_refresh = 1s\n")
        // A background refresh that fails, and says so with the (hostile) cache path in it.
        try buildAnIndexThatFailsToRefresh()
        let scan = try drive(cluster: "files", container: container, notice: true)
        print("interactive escape sweep: files: \(scan.leaks.count) raw control bytes in \(scan.scanned) bytes")
    }

    func testNoRawControlByteAtTheTerminalOnSwift() throws {
        let swift = try TmuxSession.swiftServer()
        let container = "box\u{1B}[31m\u{202E}" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let seeded = try batch(["--cluster", "env", "-c", "mkdir '\(container)'\nsync 'file:\(home.path)/seed' '/\(container)'"], environment: swift)
        XCTAssertEqual(seeded, 0)
        addTeardownBlock { [self] in _ = try? batch(["--cluster", "env", "-c", "rm -r -f '/\(container)'"], environment: swift) }
        let scan = try drive(cluster: "env", container: container, notice: false, environment: swift)
        print("interactive escape sweep: Swift: \(scan.leaks.count) raw control bytes in \(scan.scanned) bytes")
    }

    /// The line editor's motions are told apart; a name's return, colour, title and C1 CSI are not.
    func testTheScanTellsTheLineEditorsMotionsFromANamesControls() {
        var scan = ControlByteScan(cursorMotion: true)
        let editor = "\r\u{1B}[33G\u{1B}[Kls\r\n\r\u{1B}[13A\u{1B}[J\u{1B}[2Kok\r\u{1B}[K"
        scan.scan(Data((editor + "cr\rover \u{1B}[31mred \u{1B}]0;t\u{07} \u{9B}2J").utf8), "t")
        XCTAssertEqual(scan.leaks.count, 5, "\(scan.leaks)")
    }

    // MARK: - The session

    /// Opens the shell in `container`'s hostile folder and walks the interactive surfaces.
    func drive(cluster: String, container: String, notice: Bool, environment: [String: String] = [:]) throws -> ControlByteScan {
        let log = home.appendingPathComponent("raw.log").path
        let shell = try TmuxSession(
            home: home, arguments: ["\(cluster):/\(container)/\(Self.folder)"], environment: environment.merging(cacheHome) { $1 },
            rawLog: log)
        session = shell
        let inner = "objsh \(cluster):/\(escaped(container))/\(escaped(Self.folder))> "
        let outer = "objsh \(cluster):/\(escaped(container))> "
        try shell.waitForLastLine(inner)
        // [y/N] naming the hostile folder; no deletes nothing.
        try run(shell, "rm -r .", after: inner, until: "[y/N]")
        try shell.type("n")
        try shell.press("Enter")
        try shell.waitForLastLine(inner)
        // Into the container: both panes, the prompt, a refresh.
        try run(shell, "cd ..", after: inner, until: outer)
        try run(shell, "refresh", after: outer, until: outer)
        // TAB lists the names, escaped, and inserts none of them.
        try shell.type("info ")
        try shell.waitForLastLine(outer + "info ")
        try shell.press("Tab")
        try shell.waitFor("the listed names") { $0.contains(self.escaped(Self.names[0])) && $0.contains("rlo\\u{202E}") }
        try shell.press("C-u")
        try shell.waitForLastLine(outer)
        try run(shell, "index .", after: outer, until: outer)
        // Search mode says so in the prompt: the results pane names the hostile names.
        let searching = String(outer.dropLast(2)) + " [search: red]> "
        try run(shell, "search --in . red", after: outer, until: searching)
        try run(shell, "search", after: searching, until: outer)
        if notice {
            // Told before a prompt, with the cache folder's hostile path escaped.
            let told = "objsh: background index of \(cluster): cannot write the index in \(home.path)/cache\\e[31m"
            try shell.waitFor("the failed refresh's notice", timeout: 20, scrollback: true) { screen in
                if !screen.contains(told) { try? shell.press("Enter") }
                return screen.contains(told)
            }
        }
        try shell.waitForLastLine(outer)
        try shell.press("C-d")
        try shell.waitFor("the exit status") { $0.contains("EXITED rc=0") }
        shell.stop()
        return try scanned(log, shown: escaped(Self.names[0]))
    }

    /// Types `line`, presses Enter and waits until the screen shows `text` after it.
    func run(_ shell: TmuxSession, _ line: String, after prompt: String, until text: String) throws {
        try shell.typeAndWaitForEcho(line, after: prompt)
        try shell.press("Enter")
        try shell.waitFor("\(text) after \(line)", timeout: 30, scrollback: true) { screen in
            guard let echoed = screen.range(of: prompt + line, options: .backwards) else { return false }
            return screen[echoed.upperBound...].contains(text)
        }
    }

    /// The raw bytes the terminal was sent, scanned: the line editor's own sequences are
    /// told apart, a name's are not. The names were shown, escaped.
    func scanned(_ log: String, shown name: String) throws -> ControlByteScan {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: log))
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains(name), "the names were never shown")
        var scan = ControlByteScan(cursorMotion: true)
        scan.scan(bytes, "pty")
        XCTAssertEqual(scan.leaks, [], "raw control bytes reached the terminal")
        return scan
    }

    // MARK: - Setup

    /// The cache folder, its path hostile too: the index's failure notice names it.
    var cacheHome: [String: String] { ["XDG_CACHE_HOME": home.path + "/cache\u{1B}[31m\u{202E}"] }

    func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x1B: "\\e"
            case 0x0D: "\\r"
            case 0x00...0x1F, 0x7F: String(format: "\\x%02X", scalar.value)
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: String(scalar)
            }
        }.joined()
    }

    /// Builds the account's index, then makes its lock file a folder, and waits until the
    /// index is older than `index_refresh`: the session's refresh starts, and fails.
    func buildAnIndexThatFailsToRefresh() throws {
        XCTAssertEqual(try batch(["--cluster", "files", "-c", "index"], environment: cacheHome), 0)
        let built = Date()
        let indexes = URL(fileURLWithPath: cacheHome["XDG_CACHE_HOME"]! + "/objsh/index")
        let folder = try FileManager.default.contentsOfDirectory(atPath: indexes.path)[0]
        let lock = indexes.appendingPathComponent(folder + "/lock")
        try FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        while Date() < built.addingTimeInterval(1.2) { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// `objsh -q ARGUMENTS` outside the terminal; its exit status.
    func batch(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TmuxSession.binary())
        process.arguments = ["-q"] + arguments
        process.environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "PATH": "/usr/bin:/bin"].merging(environment) {
            $1
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func writeConfig(_ text: String) throws {
        let folder = home.appendingPathComponent("config/objsh")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("config"))
    }
}
