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
/// started on, the folder it stands in there and the local folder (all captured, so
/// switching clusters, `cd` or `lcd` meanwhile moves none of them), where it writes, and
/// the shell for what spans clusters (switching, the catalog).
@MainActor
struct CommandContext {
    let shell: Shell
    let session: BrowserSession
    /// Where relative remote paths start: the current folder when the command started.
    let place: SessionPlace
    let console: Console
    /// The absolute local folder that every relative local path of the command starts from.
    let localFolder: String
    var settings: ShellSettings { console.settings }

    init(shell: Shell, console: Console) {
        self.shell = shell
        session = shell.session
        place = session.place
        self.console = console
        localFolder = shell.localFolder
    }

    /// A local path as the user typed it (`~` expanded), made absolute against `localFolder`.
    func localPath(_ typed: String) -> LocalPath { LocalPath(typed: typed, in: localFolder) }

    /// Where a remote path the user typed points, from the place the command started in.
    func location(of path: String?) throws -> Location { try place.location(of: path) }

    /// The folder relative remote paths start from: the current one, or in search mode the
    /// root (see `SessionPlace.base`).
    var folder: Location { place.base }

    /// The folder relative paths start from in `other`, the browser of this or another
    /// cluster: this one's is the command's own, captured; another's is where it stands.
    func folder(in other: BrowserSession) -> Location { other === session ? place.base : other.place.base }

    /// Whether the command prints JSON Lines: `--json` on it, or on the command line.
    func wantsJSON(_ flag: Bool) -> Bool { settings.json || flag }
}
