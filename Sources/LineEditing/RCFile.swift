import Foundation
import Rendering
import ShellCore

/// The rc file, `$XDG_CONFIG_HOME/objsh/rc`: lines run as a script's before the first
/// prompt of an interactive session (and before a -c or -f script with `--rc`), usually
/// `alias` and `lcd`. Each error is told with the file and line number, and the next
/// line runs: nothing in it is fatal. `exit` ends the file, not the session. No panes
/// are printed while it runs.
@MainActor
public struct RCFile {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Runs the file's lines on `shell`; a missing file is no error.
    public func run(on shell: Shell) async {
        guard let handle = fopen(path, "r") else {
            if errno != ENOENT { tell(CommandFailure.outputFile(path, .lastSystemError), on: shell, line: nil) }
            return
        }
        defer { fclose(handle) }
        let runner = LineRunner(shell: shell, continuesAfterFailure: true)
        shell.holdsPanes = true
        defer { shell.holdsPanes = false }
        for (index, line) in LineReader(handle: handle).enumerated() {
            if case .exit = await runner.run(line, prefix: prefix(line: index + 1)) { return }
        }
        if ferror(handle) != 0 { tell(CommandFailure.outputFile(path, .lastSystemError), on: shell, line: nil) }
    }

    /// `objsh: PATH: line N: `, escaped for the terminal.
    func prefix(line: Int?) -> String {
        "objsh: " + TerminalEscaping.escape(path) + ": " + (line.map { "line \($0): " } ?? "")
    }

    private func tell(_ error: any Error, on shell: Shell, line: Int?) {
        shell.writeErrorLine(prefix(line: line) + ShellError.of(error, command: "rc").printableMessage)
    }
}
