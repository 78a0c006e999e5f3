import Clusters
import Foundation
import Storage
import Synchronization
import XCTest

@testable import ShellCore

/// A command run with streams of its own writes there, laid out and painted for them, and
/// asks (or not) as they say; two commands run on one shell at once, each in its own place.
@MainActor
final class CommandStreamsTests: XCTestCase {
    var harness: TranscriptHarness!
    var output: CapturedOutput!
    var shell: Shell!
    let gate = ListingHold(container: "music")

    override func setUp() async throws {
        harness = try TranscriptHarness()
        // The shell's own streams: a painted terminal 60 columns wide, where a person is asked.
        var settings = ShellSettings()
        settings.quiet = true
        settings.streams.output.isTerminal = true
        settings.streams.output.color = true
        settings.streams.output.width = { 60 }
        settings.streams.confirm = { _ in false }
        output = CapturedOutput()
        let gate = gate
        shell = Shell(settings: settings, output: output, catalog: harness.catalog) { cluster in
            guard case .directory(let path) = cluster.endpoint else { throw StorageError.unreachable("no such backend") }
            return ListingHookStore(base: FileStore(root: path)) { try await gate.enter($0) }
        }
        try await shell.start(cluster: harness.catalog.cluster(named: "local")!)
        for container in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: harness.localRoot + "/" + container, withIntermediateDirectories: true)
        }
    }

    override func tearDown() async throws { harness.remove() }

    /// A pipe's or a file's streams: not a terminal, not painted, nobody to ask.
    var plainIO: (CapturedOutput, CommandIO) {
        let sink = CapturedOutput()
        return (sink, CommandIO(sink: sink, streams: CommandStreams()))
    }

    func testTheShellsOwnStreamsGetColumnsAndPaint() async throws {
        _ = try await shell.run(["ls"])
        XCTAssertTrue(output.standardOutput.contains("\u{1B}["), output.standardOutput)
        XCTAssertEqual(output.standardOutput.split(separator: "\n").count, 1, "three short names fit one line of 60 columns")
    }

    func testACommandWithItsOwnStreamsLaysOutAndPaintsForThem() async throws {
        let (sink, io) = plainIO
        _ = try await shell.run(["ls"], io: io)
        XCTAssertEqual(sink.standardOutput, "a/\nb/\nc/\n")
        XCTAssertEqual(output.standardOutput, "", "nothing of the command reached the shell's streams")
    }

    func testACommandWithItsOwnStreamsAsksOnlyWhereTheyCanAsk() async throws {
        // The shell's streams ask, and the answer is no: nothing is deleted.
        _ = try await shell.run(["rm", "-r", "a"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: harness.localRoot + "/a"))
        // Streams where nobody can be asked go ahead, as a script does.
        let (_, io) = plainIO
        _ = try await shell.run(["rm", "-r", "a"], io: io)
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.localRoot + "/a"))
    }

    /// A command's relative paths start where it started, whatever the shell does meanwhile.
    func testACommandResolvesFromTheFolderItStartedIn() async throws {
        _ = try await shell.run(["cd", "/a"])
        let context = CommandContext(shell: shell, console: shell.console)
        _ = try await shell.run(["cd", "/b"])
        XCTAssertEqual(try context.location(of: "x/y").description, "/a/x/y")
        XCTAssertEqual(try shell.session.location(of: "x/y").description, "/b/x/y")
        let destination = try await context.session.uploadDestination(nil, in: context.place)
        let target = try context.session.uploadTarget("f", at: harness.localRoot, to: destination)
        XCTAssertEqual(target.container, "a")
    }

    /// What jobs need: a command runs while the shell goes on with another; the first keeps
    /// the folder it started in, the second moves the shell, and neither waits for the other.
    func testACommandRunsWhileTheShellMovesOnAndKeepsItsFolder() async throws {
        try FileManager.default.createDirectory(atPath: harness.localRoot + "/music/x", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: harness.localRoot + "/music/x/song.mp3", contents: Data("la".utf8))
        _ = try await shell.run(["cd", "/music/x"])
        gate.arm()
        let (sink, io) = plainIO
        let shell = shell!
        let running = Task { try await shell.run(["ls"], io: io) }
        try await gate.waitUntilHeld()
        _ = try await shell.run(["cd", "/b"])
        XCTAssertEqual(shell.prompt, "objsh local:/b> ", "the shell moved on while the listing was held")
        gate.release()
        _ = try await running.value
        XCTAssertEqual(sink.standardOutput, "song.mp3\n", "the command listed the folder it started in")
    }
}

/// Once armed, holds the listings of one container until released, telling when it holds.
final class ListingHold: Sendable {
    let container: String
    private let state = Mutex((armed: false, held: false, released: false))

    init(container: String) { self.container = container }

    func enter(_ listed: String) async throws {
        guard listed == container, state.withLock({ $0.armed && !$0.released }) else { return }
        state.withLock { $0.held = true }
        try await wait { $0.released }
    }

    /// From now on, the next listing of the container is held.
    func arm() { state.withLock { $0.armed = true } }
    func waitUntilHeld() async throws { try await wait { $0.held } }
    func release() { state.withLock { $0.released = true } }

    /// Waits for the state (a bound only a failing run reaches).
    private func wait(for condition: @escaping @Sendable ((armed: Bool, held: Bool, released: Bool)) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !state.withLock({ condition($0) }) {
            guard ContinuousClock.now < deadline else { throw StorageError.timedOut("the held listing") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
