import Foundation

/// A fuzz run's sandboxes: a fresh one every `linesPerSandbox` lines, so what the lines
/// copy and download stays small and a crash replays from the last fresh start.
@MainActor
struct FuzzRun {
    static let linesPerSandbox = 1_000
    private var current: FuzzSandbox?
    private(set) var skipped = 0
    private(set) var escapedWrites: [String] = []
    /// Commands run, by how they ended (`done`, or their error's class).
    private(set) var outcomes: [String: Int] = [:]

    /// Where sandboxes go: TMPDIR when set (scripts/fuzz's), else memory (/dev/shm) where
    /// there is some: the file store syncs every file it writes, which on a busy disk
    /// took two thirds of the time.
    static var parent: String {
        if ProcessInfo.processInfo.environment["TMPDIR"] == nil && access("/dev/shm", W_OK) == 0 { return "/dev/shm" }
        return NSTemporaryDirectory()
    }

    /// The sandbox line `index` runs in.
    mutating func sandbox(for index: Int) async throws -> FuzzSandbox {
        if let current, index % Self.linesPerSandbox != 0 { return current }
        finish()
        let fresh = try await FuzzSandbox(in: Self.parent)
        current = fresh
        return fresh
    }

    /// Removes the last sandbox, keeping its counts.
    mutating func finish() {
        guard let current else { return }
        skipped += current.skipped
        outcomes.merge(current.outcomes, uniquingKeysWith: +)
        escapedWrites += current.output.escapedWrites
        current.remove()
        self.current = nil
    }
}

/// Lines that crashed the shell once (`scripts/fuzz` prints each crash's seed and line),
/// run again by `testLinesThatCrashedOnceRun`; `{LOCAL}` stands for the local folder.
enum FuzzRegressions {
    static let lines = [
        "cd photos; info .."  // found by the first whole-line fuzzer
    ]
}
