import Browser
import Clusters
import Rendering

/// `help [COMMAND]`: the command list, or one command explained.
struct HelpCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "help", aliases: ["?"],
        summary: "list commands, or explain one",
        details: "Without a name, lists every command and the exit statuses; with one, explains it.\nExample: help cd",
        options: [], operands: [OperandSpec("COMMAND", .command, optional: true)])

    let name: String?

    init(_ arguments: CommandArguments) throws {
        name = arguments.operand(0)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let columns = context.settings.streams.output.width()
        // Each line broken at blanks to the width (80 in a pipe), continued under its text.
        func wrapped(_ line: String, indent: Int = 0) -> String {
            DisplayWidth.wrapWords(line, toWidth: columns, indent: indent).joined(separator: "\n") + "\n"
        }
        guard let name else {
            let width = CommandTable.commands.map { $0.listSynopsis.count }.max() ?? 0
            var text = ""
            for spec in CommandTable.commands {
                let synopsis = spec.listSynopsis.padding(toLength: width, withPad: " ", startingAt: 0)
                text += wrapped("  " + synopsis + "  " + spec.summary, indent: min(width + 4, max(columns - 30, 4)))
            }
            text += "\n" + wrapped("Quote names with spaces (\"My Photos\" or My\\ Photos); separate commands with ;")
            text += wrapped(
                "CMD | PIPELINE hands the rest of the line to /bin/sh with CMD's output as its input; CMD > FILE, CMD >> FILE "
                    + "write it to a local file (> only when CMD succeeds); !CMD runs a local command, ! a local shell. "
                    + "A line's status is its last stage's.")
            text += wrapped(
                "CMD & runs CMD as a job (jobs, wait, fg, kill); Ctrl-Z moves a transfer or a walk running in the "
                    + "foreground there, and nothing else. At a terminal, exit and Ctrl-D ask while jobs run; a script waits "
                    + "for its jobs at its end. Aliases last for the session: keep them in $XDG_CONFIG_HOME/objsh/rc.")
            context.console.write(text + wrapped("A leading - on a line ignores its error. " + ExitStatus.explanation))
            return .answered
        }
        guard let spec = CommandTable.command(named: name) else { throw CommandFailure.noSuchCommand(name) }
        var text = wrapped("usage: \(spec.synopsis)", indent: 7)
        if !spec.aliases.isEmpty { text += "aliases: \(spec.aliases.joined(separator: ", "))\n" }
        text += "\n" + spec.details.split(separator: "\n", omittingEmptySubsequences: false).map { wrapped(String($0)) }.joined()
        for option in spec.options {
            let spelled = option.spellings.joined(separator: ", ")
            let name = option.value == nil ? spelled : "\(spelled) \(option.valueName)"
            text += wrapped("  \(name)  \(option.help)", indent: 4)
        }
        context.console.write(text)
        return .answered
    }
}

/// `exit [STATUS]`: leave the shell.
struct ExitCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "exit", aliases: ["quit", "bye"],
        summary: "leave objsh (with STATUS, default 0)",
        details: """
            Leaves the shell; in a script, stops it here (its jobs are waited for). At a \
            terminal, while jobs run, asks first: w waits for them, c cancels them, Enter \
            keeps typing.
            Example: exit
            """,
        options: [], operands: [OperandSpec("STATUS", .text, optional: true)])

    let status: Int32

    init(_ arguments: CommandArguments) throws {
        guard let text = arguments.operand(0) else {
            status = ExitStatus.success
            return
        }
        guard let status = Int32(text), (0...255).contains(status) else {
            throw ShellError.usage(Self.spec, .badOperand("STATUS", .number(0...255)))
        }
        self.status = status
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome { .exit(status) }
}
