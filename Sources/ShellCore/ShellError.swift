import Browser
import Clusters
import Rendering

/// Why a shell command failed, as data; `ShellError.message` makes the words.
public enum ShellError: Error, Equatable {
    case unknownCommand(String)
    case syntax(SyntaxError)
    case usage(CommandSpec, String)
    case cluster(ClusterError)
    /// A failure of the named command (storage, browsing), with its text and class.
    case failed(command: String, message: String, kind: FailureClass = .failed)
    case interrupted

    /// The message, without the `objsh: line N:` prefix batch mode adds.
    public var message: String {
        switch self {
        case .unknownCommand(let name):
            let suggestion = ShellError.closestCommand(to: name).map { " (did you mean \($0)?)" } ?? ""
            return "\(name): unknown command\(suggestion); try help"
        case .syntax(.unterminatedQuote(let quote)): return "unterminated \(quote) quote"
        case .syntax(.danglingBackslash): return "a backslash at the end of the line escapes nothing"
        case .usage(let spec, let problem): return "\(spec.name): \(problem)\nusage: \(spec.synopsis)"
        case .cluster(.unknown(let name, let known)):
            return "cluster: \(name): no such cluster (known: \(known.joined(separator: ", ")))"
        case .cluster(.notADirectory(let path)): return "cluster: \(path): not a directory"
        case .cluster(.invalidConfig(let path, let line, let problem)): return "\(path):\(line): \(problem)"
        case .failed(let command, let message, _): return "\(command): \(message)"
        case .interrupted: return "interrupted"
        }
    }

    /// What kind of failure this is; it decides the exit status.
    public var failureClass: FailureClass {
        switch self {
        case .unknownCommand, .syntax, .usage: .usage
        case .cluster(let error): FailureClass.of(error)
        case .failed(_, _, let kind): kind
        case .interrupted: .interrupted
        }
    }

    /// The exit status a script or one-shot run ends with when this error stops it.
    public var exitStatus: Int32 { failureClass.exitStatus }

    /// The message made safe for a terminal: control characters in names are escaped,
    /// line by line, so a name can never move the cursor or change colours.
    public var printableMessage: String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalEscaping.escape(String($0)) }.joined(separator: "\n")
    }

    /// The command one edit away from a mistyped name, if there is exactly one.
    static func closestCommand(to word: String) -> String? {
        let close = CommandTable.commands.map(\.name).filter { editDistance($0, word) <= 1 }
        return close.count == 1 ? close[0] : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
