import Foundation

/// A yes/no question to the person at the terminal, between two commands' output.
public enum Confirmation {
    /// Asks `question` on standard error and reads one line; only `y` or `yes` is yes.
    public static func ask(_ question: String) async -> Bool {
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
