import Foundation
import Synchronization

/// A yes/no question to the person at the terminal, between two commands' output.
public enum Confirmation {
    private static let asking = Atomic<Bool>(false)
    /// Whether a question waits for its answer (Ctrl-Z then moves nothing: the answer is read in the foreground).
    static var isAsking: Bool { asking.load(ordering: .relaxed) }

    /// Asks `question` on standard error and reads one line; only `y` or `yes` is yes.
    public static func ask(_ question: String) async -> Bool {
        asking.store(true, ordering: .relaxed)
        defer { asking.store(false, ordering: .relaxed) }
        switch await PlainLineReader().read(prompt: question + " [y/N] ", completion: nil) {
        case .line(let answer):
            return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
        case .endOfFile, .interrupted, .hangup:
            // End the question's line (the terminal echoed ^C on it): what follows starts its own.
            FileHandle.standardError.write(Data("\n".utf8))
            return false
        }
    }
}

extension Confirmation {
    /// Asks for a line on standard error; `hidden` turns the terminal's echo off while it
    /// is typed (a secret), and back on after, Ctrl-C included. Nil at end of input or Ctrl-C.
    public static func answer(_ prompt: String, hidden: Bool) async -> String? {
        var saved = termios()
        let echoOff = hidden && tcgetattr(STDIN_FILENO, &saved) == 0
        if echoOff {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        let event = await PlainLineReader().read(prompt: prompt, completion: nil)
        if echoOff {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            // The Enter typed was not echoed either.
            FileHandle.standardError.write(Data("\n".utf8))
        }
        switch event {
        case .line(let text): return text.hasSuffix("\r") ? String(text.dropLast()) : text
        case .endOfFile, .interrupted, .hangup:
            FileHandle.standardError.write(Data("\n".utf8))
            return nil
        }
    }
}
