import ShellCore

/// How one read of a line ended.
public enum LineEvent: Equatable, Sendable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C: the line was dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of the input.
    case endOfFile
    /// SIGHUP or SIGTERM arrived: save and leave.
    case hangup(Int32)
}

/// What TAB asks: the result for the line and the cursor (in Unicode scalars).
public typealias CompletionHandler = @Sendable (_ line: String, _ cursor: Int) async -> CompletionResult

/// Where the interactive shell reads its lines from.
public protocol LineSource: AnyObject {
    /// Shows `prompt` and reads one line; TAB asks `completion`, when there is one.
    func read(prompt: String, completion: CompletionHandler?) async -> LineEvent
    /// Keeps a line in the history, if the source has one.
    func remember(_ line: String)
}
