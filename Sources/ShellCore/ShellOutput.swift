import Foundation

/// Where the shell writes: its standard output and standard error.
public protocol ShellOutput: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
}

/// The process's own stdout and stderr, written through unbuffered file descriptors
/// so output and errors stay in order in a pipe.
public final class StandardOutput: ShellOutput {
    public init() {}
    public func write(_ text: String) { Self.writeAll(1, text) }
    public func writeError(_ text: String) { Self.writeAll(2, text) }

    static func writeAll(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe (`| head`): nothing more can be written
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// Output kept in memory, for tests and transcripts.
public final class CapturedOutput: ShellOutput {
    public private(set) var standardOutput = ""
    public private(set) var standardError = ""
    public init() {}
    public func write(_ text: String) { standardOutput += text }
    public func writeError(_ text: String) { standardError += text }
}

/// How the shell presents itself; fixed for a run.
public struct ShellSettings {
    /// `-q`: print no panes.
    public var quiet = false
    /// `--trace`: print every lifecycle event to stderr.
    public var trace = false
    /// How many hidden panes keep their content.
    public var cacheLimit = 3
    /// Whether stdout is a terminal (colours, `ls` in columns).
    public var isTerminal = false
    /// Whether colours may be used (a terminal, and no `NO_COLOR`).
    public var color = false
    /// The width to lay out for, asked before each print (a terminal can be resized).
    public var width: () -> Int = { 80 }
    /// Rows a pane shows, asked before each print.
    public var paneRows: () -> Int = { 20 }
    /// Resident memory above which hidden panes are unloaded, in bytes.
    public var memoryBudget: Int = 512 << 20
    /// Whether transfers redraw a progress line on standard error: interactively on a
    /// terminal, or when `--progress` asks for it.
    public var showsProgress = false

    public init() {}
}
