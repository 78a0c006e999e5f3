import Foundation
import LineEditing
import Rendering
import ShellCore

/// The loop for a person at a terminal: a prompt, a line, its result; errors are
/// reported and the session goes on. Ctrl-C drops the line or cancels the running
/// command; Ctrl-D leaves; SIGHUP and SIGTERM save the history and leave.
struct InteractiveLoop {
    let shell: Shell
    /// libedit when standard output is a terminal too, else the plain reader.
    let lines: any LineSource

    func run() async -> Int32 {
        SignalEvents.install()
        shell.printPanes()
        while true {
            let context = shell.completionContext()
            let event = await lines.read(prompt: TerminalEscaping.escape(shell.prompt)) { line, cursor in
                await Completer.complete(line: line, cursor: cursor, context: context)
            }
            switch event {
            // On standard error, beside the prompt: standard output may be a file.
            case .interrupted:
                shell.output.writeError(lines is LineEditor ? "^C\n" : "\n")
            case .endOfFile:
                shell.output.writeError("\n")
                return ExitStatus.success
            case .hangup(let signal):
                shell.output.writeError("\n")
                return 128 + signal
            case .line(let line):
                lines.remember(line)
                if let status = await run(line) { return status }
            }
        }
    }

    /// Runs the commands of a line; an exit status when the shell should leave.
    func run(_ line: String) async -> Int32? {
        let commands: [[Word]]
        do {
            commands = try Tokenizer.commands(in: line)
        } catch let error as SyntaxError {
            shell.writeErrorLine(ShellError.syntax(error).printableMessage)
            return nil
        } catch {
            preconditionFailure("the tokenizer throws only syntax errors")
        }
        for words in commands {
            switch await InterruptibleCommand.run(words.map(\.text), on: shell) {
            case .success(nil):
                continue
            case .success(let status?):
                return status
            case .failure(let error):
                if let signal = SignalEvents.hangupSignal { return 128 + signal }
                let message = (error as? ShellError)?.printableMessage ?? TerminalEscaping.escape(String(describing: error))
                if (error as? ShellError) == .interrupted { shell.output.writeError("\n") }
                shell.writeErrorLine(message)
                return nil
            }
        }
        return nil
    }
}
