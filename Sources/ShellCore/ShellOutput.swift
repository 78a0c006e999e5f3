import Foundation
import Rendering
import Storage
import Synchronization
import Workers

/// Where the shell writes: its standard output and standard error. Transfers write
/// from their workers and progress from a timer, so every implementation is thread-safe.
public protocol ShellOutput: AnyObject, Sendable {
    func write(_ text: String)
    func writeError(_ text: String)
    /// Bytes as they are (`get NAME -`); false when they could not all be written.
    func writeBytes(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// Whether standard output's reader is still there, where it can go away (a pipe); nil elsewhere.
    var outputReader: OutputReader? { get }
}

extension ShellOutput {
    public var outputReader: OutputReader? { nil }

    public func writeBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        write(String(decoding: bytes, as: UTF8.self))
        return true
    }
}

/// The process's own stdout and stderr, written through unbuffered file descriptors
/// so output and errors stay in order in a pipe.
/// Each text goes out with one write(2) (or a loop of them), so lines from workers do not interleave.
/// When standard output's reader goes away (`objsh -c 'ls -R' | head -1`, SIGPIPE being
/// ignored), the command writing stops quietly, and so does each later one at its first write.
public final class StandardOutput: ShellOutput {
    public let outputReader: OutputReader? = OutputReader()
    public init() {}
    public func write(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { writeBytes($0) } }
    public func writeError(_ text: String) { Self.writeAll(2, text) }
    public func writeBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if outputReader?.isGone != true && Self.writeAll(1, bytes) { return true }
        if outputReader?.isGone == true || errno == EPIPE { outputReader?.readerWentAway() }
        return false
    }

    static func writeAll(_ descriptor: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// False when the bytes could not all be written (a closed pipe, as with `| head`).
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

/// Output kept in memory, for tests and transcripts.
public final class CapturedOutput: ShellOutput {
    private let texts = Mutex((output: "", error: ""))
    public init() {}
    public var standardOutput: String { texts.withLock { $0.output } }
    public var standardError: String { texts.withLock { $0.error } }
    public func write(_ text: String) { texts.withLock { $0.output += text } }
    public func writeError(_ text: String) { texts.withLock { $0.error += text } }
}

/// How the shell presents itself for a run: what the command line asked (panes, JSON,
/// traces), where it keeps state, and the streams a command gets unless it is given its own.
public struct ShellSettings: Sendable {
    /// `-q`: print no panes.
    public var quiet = false
    /// `--json`: JSON Lines for every command that prints entries, no panes, and the
    /// lines a person reads (`downloaded …`) on standard error.
    public var json = false
    /// `--trace`: print every lifecycle event to stderr.
    public var trace = false
    /// How many hidden panes keep their content.
    public var cacheLimit = 3
    /// Resident memory above which hidden panes are unloaded, in bytes.
    public var memoryBudget: Int = 512 << 20
    /// Where a folder `mv` keeps its journal (`$XDG_STATE_HOME/objsh/journal`).
    public var journalFolder = NSTemporaryDirectory() + "objsh-journal"
    /// objsh's config file, which `cluster add` and `cluster rm` write; nil: none.
    public var configFile: String?
    /// The cache folder (`$XDG_CACHE_HOME/objsh`) whose `index/` holds each account's
    /// index of names; nil keeps no index (`index` then says so).
    public var cacheFolder: String?
    /// Whether opening a cluster with `index_refresh` may refresh its index in the
    /// background: interactive sessions only (see `BackgroundIndexRefresh`).
    public var refreshesIndexInBackground = false
    /// The process's own streams: what a command gets unless it is run with its own.
    public var streams = CommandStreams()
    /// The connections each cluster's transfers share (`ConnectionBudget`; `OBJSH_CONNECTIONS`).
    public var connections = ConnectionBudget.defaultLimit

    public init() {}

    /// `OBJSH_CONNECTIONS` in `environment`: the budget it sets, or the warning for a value
    /// that sets none (the default stays).
    public static func connections(in environment: [String: String]) -> (limit: Int?, warning: String?) {
        guard let text = environment[ConnectionBudget.environmentVariable] else { return (nil, nil) }
        if let limit = ConnectionBudget.limit(given: text) { return (limit, nil) }
        let value = TerminalEscaping.escape(text)
        return (
            nil,
            "objsh: \(ConnectionBudget.environmentVariable)=\(value) is not a whole number of 1 or more; the budget stays \(ConnectionBudget.defaultLimit)"
        )
    }
}

/// What one stream is: a terminal or not, painted or not, and its size.
public struct TerminalFacts: Sendable {
    /// Whether a person reads it at a terminal (`ls` in columns, object bytes escaped).
    public var isTerminal = false
    /// Whether it is painted: panes and folders in `ls` on standard output, errors in red on
    /// standard error (see `ColorChoice`).
    public var color = false
    /// The width to lay out for, asked before each print (a terminal can be resized).
    public var width: @Sendable () -> Int = { 80 }
    /// Rows a pane shows, asked before each print.
    public var rows: @Sendable () -> Int = { 20 }

    public init() {}
}

/// A command's streams and what each is: its output and errors with their own terminal
/// facts, whether it draws a progress line, whether it may ask, and its input as data.
/// The shell's are the process's; a command run with its own (into a file, a pipe, a
/// job's log) lays out and paints for those, not for the terminal.
public struct CommandStreams: Sendable {
    /// Standard output.
    public var output = TerminalFacts()
    /// Standard error.
    public var errors = TerminalFacts()
    /// Whether transfers redraw a progress line on standard error (a terminal, or `--progress`).
    public var progress = false
    /// Whether a pane that fills while it loads (search results) is redrawn in place as
    /// it grows: an interactive session whose standard output is a terminal. Batch mode,
    /// pipes, `-q` and `--json` print only the final screen.
    public var liveScreen = false
    /// Asks the person at the terminal a yes/no question; nil in batch mode, where nothing is asked.
    public var confirm: (@Sendable (String) async -> Bool)?
    /// Asks the person at the terminal for a line (`hidden`: without echo, for a secret);
    /// nil in batch mode. The answer is nil at end of input or Ctrl-C.
    public var ask: (@Sendable (_ prompt: String, _ hidden: Bool) async -> String?)?
    /// Standard input as data, for `upload - NAME`; nil where the shell reads its own
    /// commands from it (at the prompt, or a script piped in).
    public var dataInput: DataInput?

    public init() {}
}

/// Where one command writes when it is not where the shell does (a file, a pipe, a job's
/// log): its own sink, and what its streams are.
public struct CommandIO: Sendable {
    public let sink: any ShellOutput
    public let streams: CommandStreams
    /// The status line its progress goes to (a job's, hidden until `fg`); nil: one of its own on `sink`.
    var status: StatusLine?

    public init(sink: any ShellOutput, streams: CommandStreams) {
        self.sink = sink
        self.streams = streams
    }
}

/// Standard input as the data of a command (`upload - NAME`), and how Ctrl-C reaches
/// that command in a script.
public struct DataInput: Sendable {
    public var descriptor: Int32
    public var interrupts: any InterruptScope

    public init(descriptor: Int32, interrupts: any InterruptScope) {
        self.descriptor = descriptor
        self.interrupts = interrupts
    }
}

/// Ctrl-C for a command that must clean up when stopped: a script has no handler for it
/// otherwise (the default action ends the process at once).
public protocol InterruptScope: Sendable {
    /// Runs `work` in a task that Ctrl-C cancels.
    func cancellingOnInterrupt<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value
    /// Whether Ctrl-C was pressed while `work` ran (read at once, before the cancellation lands).
    var isInterrupted: Bool { get }
}

extension Shell {
    /// Writes one error line on standard error, red when errors are painted.
    public func writeErrorLine(_ message: String) {
        console.writeErrorLine(message)
    }

    /// Writes a line (`--debug`, a warning) on standard error through the shell's console,
    /// from any task: what a store says while a command runs.
    public var diagnosticLines: @Sendable (String) -> Void {
        let console = console
        return { line in console.writeError(line + "\n") }
    }

    /// Says, once a run on a line of its own, each local file a walk left out because its
    /// name is not UTF-8 (`SkippedNames`): an upload, sync or listing does not drop it
    /// without a word.
    public func tellSkippedLocalNames() {
        let console = console
        SkippedNames.shared.tell { path in
            console.writeError("objsh: skipped \(TerminalEscaping.escape(bytes: path)): its name is not UTF-8, which an object's name must be\n")
        }
    }

    /// Writes `text` on standard error as it is (what the prompt's side shows: `^C`, a newline).
    public func writeError(_ text: String) {
        console.writeError(text)
    }
}
