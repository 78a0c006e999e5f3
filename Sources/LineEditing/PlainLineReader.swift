import Foundation

/// Lines typed at a terminal while standard output goes elsewhere: the prompt on
/// standard error and the terminal's own line editing. libedit would fall back to a
/// mode without prompt or completion there, so it is not used.
public final class PlainLineReader: LineSource, Sendable {
    /// A reader of standard input; the prompt goes to standard error.
    public init() {}

    public func read(prompt: String, completion: CompletionHandler?) async -> LineEvent {
        // A Ctrl-C left over from the last command is not this line's.
        SignalEvents.clearInterrupt()
        var bytes = Array(prompt.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
        return await ReaderThread.run { Self.readLine() }
    }

    public func remember(_ line: String) {}

    static func readLine() -> LineEvent {
        var bytes: [UInt8] = []
        while true {
            switch TerminalInput.next() {
            case .byte(UInt8(ascii: "\n")): return .line(String(decoding: bytes, as: UTF8.self))
            case .byte(let byte): bytes.append(byte)
            case .endOfFile: return bytes.isEmpty ? .endOfFile : .line(String(decoding: bytes, as: UTF8.self))
            case .interrupted: return .interrupted
            case .hangup: return .hangup(SignalEvents.hangupSignal ?? SIGHUP)
            case .resized: continue
            }
        }
    }
}
