import Foundation
import Glibc

/// One finished run of a program with its peak resident memory as the kernel counted it
/// (`ru_maxrss` from wait4), read through GNU time (`/usr/bin/time -f %M`, which
/// scripts/test installs).
///
/// Not this test process's own wait4: Linux folds the peak of the memory a process
/// had before exec into its `ru_maxrss`, and a child spawned from here (posix_spawn
/// shares the parent's memory until exec) would report the test process's peak, tens
/// of MiB and growing test by test. time(1) forks from its own small footprint.
struct MeasuredRun {
    var status: Int32
    /// The child's peak resident set size, in KiB (Linux counts `ru_maxrss` in KiB).
    var peakKilobytes: Int
    /// Standard output, a line an element (without the newlines).
    var lines: [Substring]
    var errors: String

    static let time = "/usr/bin/time"

    /// Runs `executable ARGUMENTS` with exactly `environment`, standard input from
    /// /dev/null and its output in files under `scratch` (read back, then removed).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], scratch: String) throws -> MeasuredRun {
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw MeasuredRunError.cannotStart(time, "not installed (scripts/test installs it)")
        }
        let paths = ["stdout", "stderr", "peak"].map { scratch + "/\($0)-\(UUID().uuidString)" }
        defer { paths.forEach { unlink($0) } }
        let status = try spawnAndWait(
            time, ["-f", "%M", "-o", paths[2], executable] + arguments, environment: environment,
            output: paths[0], errors: paths[1])
        let (output, errors, peak) = try (read(paths[0]), read(paths[1]), read(paths[2]))
        // time(1) writes "Command exited with non-zero status N" before the figure when the command fails.
        guard let kilobytes = peak.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw MeasuredRunError.noFigure(peak)
        }
        return MeasuredRun(
            status: status, peakKilobytes: kilobytes, lines: output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(),
            errors: errors)
    }

    private static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    /// The child's exit status (128 + the signal when a signal ended it).
    private static func spawnAndWait(
        _ executable: String, _ arguments: [String], environment: [String: String],
        output: String, errors: String
    ) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw MeasuredRunError.cannotStart(executable, String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw MeasuredRunError.cannotWait(executable, String(cString: strerror(errno))) }
        }
        // WIFEXITED/WEXITSTATUS are C macros Swift cannot call: the low 7 bits are the signal.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

enum MeasuredRunError: Error, CustomStringConvertible {
    case cannotStart(String, String)
    case cannotWait(String, String)
    case noFigure(String)

    var description: String {
        switch self {
        case .cannotStart(let path, let reason): "cannot start \(path): \(reason)"
        case .cannotWait(let path, let reason): "cannot wait for \(path): \(reason)"
        case .noFigure(let text): "time(1) gave no peak RSS: \(text.debugDescription)"
        }
    }
}
