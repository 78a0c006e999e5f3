/// Every shell command, in the order `help` lists them: one row a command type.
public enum CommandTable {
    /// The command types; their specs feed dispatch, `help`, completion, the man page
    /// check and the completion scripts.
    static var types: [any ShellCommand.Type] {
        [
            ChangeFolderCommand.self, ListCommand.self, BackCommand.self, SearchCommand.self, IndexCommand.self, ClusterCommand.self,
            UploadCommand.self, GetCommand.self, RemoveCommand.self, CopyCommand.self, MoveCommand.self, DiffCommand.self, SyncCommand.self,
            CatCommand.self,
            HeadCommand.self, TailCommand.self, MetaCommand.self, ShareCommand.self, VersionsCommand.self, RestoreCommand.self,
            DiskUsageCommand.self,
            LocalChangeFolderCommand.self,
            LocalPrintFolderCommand.self, LocalListCommand.self, InfoCommand.self, MakeFolderCommand.self,
            RefreshCommand.self, PrintFolderCommand.self, AliasCommand.self, UnaliasCommand.self, JobsCommand.self, WaitCommand.self,
            KillCommand.self, FgCommand.self, HelpCommand.self, ExitCommand.self,
        ]
    }

    /// Every command's description, in the table's order.
    public static let commands: [CommandSpec] = types.map { $0.spec }

    /// `--json` of the commands that print entries: JSON Lines, the panes left as they are.
    static let jsonOption = OptionSpec("--json", help: "JSON Lines: one object a line, fields as the man page lists them")
    /// `-n`/`--dry-run` of every command that changes anything.
    static let dryRunOption = OptionSpec("-n", aliases: ["--dry-run"], help: "print what would be done, and change nothing")

    /// The command a word names, by name or alias.
    public static func command(named word: String) -> CommandSpec? {
        commands.first { $0.names.contains(word) }
    }

    /// The type that runs the command a word names.
    static func type(named word: String) -> (any ShellCommand.Type)? {
        types.first { $0.spec.names.contains(word) }
    }

    /// Every name and alias, for completion.
    public static var allNames: [String] { commands.flatMap(\.names) }
}

/// Exit statuses, one for each class of failure (see `FailureClass`); `help`, the
/// man page and the README list them.
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let commandFailed: Int32 = 1
    public static let usage: Int32 = 64
    /// sysexits' EX_NOINPUT: a cluster, container, folder, object or file is not there.
    public static let notFound: Int32 = 66
    /// sysexits' EX_UNAVAILABLE: the server is unreachable, timed out or failed.
    public static let unavailable: Int32 = 69
    /// sysexits' EX_NOPERM: credentials refused or access forbidden.
    public static let permission: Int32 = 77
    public static let interrupted: Int32 = 130

    /// Every status, in the order the man page lists them.
    public static let all: [Int32] = [success, commandFailed, usage, notFound, unavailable, permission, interrupted]

    public static let explanation = """
        Exit status: 0 when every command succeeded; 1 when a command failed (or diff found a \
        difference); 64 for a bad \
        command line or command usage; 66 when a cluster, container, folder, object or file \
        is not there; 69 when the server is unreachable, timed out or failed; 77 when \
        credentials are refused or access is forbidden; 130 when interrupted. A script \
        stops at its first failure (unless --on-error continue or a leading - says to go on) \
        with that failure's status.
        """
}
