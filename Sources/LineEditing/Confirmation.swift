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
        case .endOfFile:
            FileHandle.standardError.write(Data("\n".utf8))
            return false
        case .interrupted, .hangup:
            return false
        }
    }
}
