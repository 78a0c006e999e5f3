import Browser

/// One shell command: its row of the command table, its options decoded into typed
/// fields, and what it does through the browser and the transfer engines.
///
/// Adding a command means one type, its row in `CommandTable.types`, and its tests.
@MainActor
protocol ShellCommand {
    /// The command's description: dispatch, `help`, completion and the man page read it.
    nonisolated static var spec: CommandSpec { get }
    /// Decodes the parsed words; a bad value is a usage error.
    init(_ arguments: CommandArguments) throws
    /// Does the work; says whether the panes are printed after it.
    func run(_ context: CommandContext) async throws -> CommandOutcome
}

/// What a command asks of the shell once it is done.
enum CommandOutcome: Equatable {
    /// The panes changed: print them.
    case showPanes
    /// The store changed where the panes look: the shell reloads them, and prints them
    /// unless the command's answer stands alone (`meta`).
    case storeChanged(printPanes: Bool)
    /// The answer was printed; the panes are not shown again.
    case answered
    /// Leave the shell with this status.
    case exit(Int32)
    /// The answer was printed and says the two sides differ (`diff`): status 1 with no
    /// message, under the script rules of any failure.
    case differ
}

/// What a command works with, fixed when it starts: the browser of the cluster it
/// started on and the local folder (both captured, so switching clusters or `lcd`
/// meanwhile moves neither), where it writes, and the shell for what spans clusters
/// (switching, the catalog).
@MainActor
struct CommandContext {
    let shell: Shell
    let session: BrowserSession
    let console: Console
    /// The absolute local folder that every relative local path of the command starts from.
    let localFolder: String
    var settings: ShellSettings { console.settings }

    init(shell: Shell, console: Console) {
        self.shell = shell
        session = shell.session
        self.console = console
        localFolder = shell.localFolder
    }

    /// A local path as the user typed it (`~` expanded), made absolute against `localFolder`.
    func localPath(_ typed: String) -> LocalPath { LocalPath(typed: typed, in: localFolder) }

    /// Whether the command prints JSON Lines: `--json` on it, or on the command line.
    func wantsJSON(_ flag: Bool) -> Bool { settings.json || flag }
}
