@preconcurrency import Foundation
import ShellCore

/// The loop for a person at a terminal: a prompt, a line, its result; errors are
/// reported and the session goes on.
struct InteractiveLoop {
    let shell: Shell

    func run() async -> Int32 {
        shell.printPanes()
        var reader = LineReader(handle: stdin)
        while true {
            shell.output.writeError(shell.prompt)
            guard let line = reader.next() else {
                shell.output.writeError("\n")
                return ExitStatus.success
            }
            do {
                for words in try Tokenizer.commands(in: line) {
                    if case .exit(let code) = try await shell.run(words.map(\.text)) { return code }
                }
            } catch let error as ShellError {
                shell.output.writeError(error.printableMessage + "\n")
            } catch let error as SyntaxError {
                shell.output.writeError(ShellError.syntax(error).printableMessage + "\n")
            } catch {
                shell.output.writeError("\(error)\n")
            }
        }
    }
}
