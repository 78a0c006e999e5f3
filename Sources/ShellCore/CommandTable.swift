/// Every shell command, in the order `help` lists them.
public enum CommandTable {
    public static let commands: [CommandSpec] = [
        CommandSpec(
            name: "cd", aliases: [], action: .cd,
            summary: "open a container or folder (an object opens its info)",
            details: """
                Opens a container or pseudo-folder. A child of the right pane shifts the panes \
                left; a sibling (../x) replaces the right pane; an ancestor (.., /) goes back; \
                any other path goes back to the common ancestor and down again. In search mode \
                it opens a result.
                Example: cd "My Photos"/Family
                """,
            options: [], operands: [OperandSpec("PATH", .remoteFolder, optional: true)]),
        CommandSpec(
            name: "ls", aliases: ["dir"], action: .ls,
            summary: "list a whole folder, streamed (not cut to the pane)",
            details: """
                Lists every entry of the current folder or of PATH, page by page. With -l each \
                line has the size, the date and the name, and a manifest's mark ([static manifest], \
                [dynamic manifest: ...]: a DLO's size comes from a HEAD); at the root, each container's size \
                and object count from the account listing, after the account's totals. Options \
                combine (-lh). With -R, every object under the folder, at any depth, named from \
                it (photos/2024/a.jpg from the root). When output is not a terminal, one entry a \
                line, so it pipes into wc -l and grep.
                Example: ls -l photos/2024
                """,
            options: [OptionSpec("-l", help: "long format: size, date (ISO 8601, UTC) and name; at the root size, object count and name"),
                      OptionSpec("-h", help: "with -l, sizes as 1.2 MB (powers of 1024)"),
                      OptionSpec("-R", help: "every object under the folder, at any depth, with its name from the folder"),
                      CommandTable.jsonOption],
            operands: [OperandSpec("PATH", .remoteAny, optional: true)]),
        CommandSpec(
            name: "back", aliases: [], action: .back,
            summary: "go back one level; in search mode, leave search mode",
            details: "The back button: the right pane closes and the level below comes back on the left.\nExample: back",
            options: [], operands: []),
        CommandSpec(
            name: "search", aliases: [], action: .search,
            summary: "search object names across the account (no term: leave search mode)",
            details: """
                Shows the objects whose names contain TERM (case-insensitive), or match it as a \
                glob when it has * ? or [. Results open with cd or info; back, or search with no \
                term, restores the panes shown before. At a terminal the results show as they are \
                found; Ctrl-C stops the search and keeps what it found.
                Example: search --in photos '*.jpg'
                """,
            options: [OptionSpec("--in", value: .remoteFolder, valueName: "PATH", help: "search only under this container or folder"),
                      CommandTable.jsonOption],
            operands: [OperandSpec("TERM", .text, optional: true)]),
        CommandSpec(
            name: "cluster", aliases: [], action: .cluster,
            summary: "list clusters, or switch to one (coming back restores its panes)",
            details: """
                Without a name, lists the clusters with the current one marked *. With a name, \
                switches to it; switching back later shows that cluster's panes where they were, \
                with the same sign-in. Clusters come from the config file (type swift, s3 or file), \
                from each cloud of clouds.yaml, env from ST_*, an openrc's OS_* or OS_CLOUD, and aws \
                (S3) from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or AWS_PROFILE.
                Example: cluster local
                """,
            options: [CommandTable.jsonOption], operands: [OperandSpec("NAME", .cluster, optional: true)]),
        CommandSpec(
            name: "upload", aliases: ["put"], action: .upload,
            summary: "upload a file or a folder (recursively) into the current folder",
            details: """
                Stores LOCAL as NAME (default: its file name) in the current folder; a folder's \
                files go up several at once. Each object lands whole, its MD5 checked, or not at \
                all. A file larger than one segment (or than the cluster's max_file_size) becomes \
                a static large object: segments in CONTAINER_segments, several in flight, each \
                MD5 checked, the manifest last. After an interruption (Ctrl-C, a lost \
                connection) the same command again sends only the missing segments. Replacing a \
                large object deletes its old segments once the new one has landed. Then the \
                folder is shown again.
                Example: upload --segment-size 256M ~/Downloads/disk.iso
                """,
            options: [
                OptionSpec("--segment-size", value: .text, valueName: "SIZE",
                           help: "segment size for large objects, e.g. 64M (K, M, G: powers of 1024; default 128M)"),
                OptionSpec("--parallel", value: .text, valueName: "N",
                           help: "segments, and files of a folder, in flight at once (default 4)"),
                OptionSpec("--leave-segments", help: "keep the old segments of a large object this upload replaces"),
                OptionSpec("--skip-identical", help: "skip objects whose size and MD5 (per segment) already match"),
                OptionSpec("--progress", help: "show the progress line even when not interactive"),
            ],
            operands: [OperandSpec("LOCAL", .localPath), OperandSpec("NAME", .text, optional: true)]),
        CommandSpec(
            name: "get", aliases: ["download"], action: .get,
            summary: "download an object (or with -r a folder) into a local file or folder",
            details: """
                Writes REMOTE to LOCAL (default: its name in the local folder, see lcd). The \
                bytes go to a hidden partial file beside it, are verified (the MD5 against the \
                ETag; each segment of a static large object against its manifest) and only then \
                take the name. Run an interrupted get again and it goes on where it stopped, if \
                the object is unchanged. LOCAL - writes to standard output. An existing file is \
                kept unless -f. With -r, every object under a container or folder, several at \
                once; names that could leave the folder (.., /x) are skipped. An object of 32 MiB \
                or more comes down as ranges several at once (to standard output: one stream).
                Example: get -r photos/2024 ~/Pictures
                """,
            options: [OptionSpec("-r", help: "a container or folder, recursively"),
                      OptionSpec("-f", help: "overwrite existing local files"),
                      OptionSpec("--parallel", value: .text, valueName: "N",
                                 help: "ranges of a large object, and objects of a folder, at once (default 4; 1: one stream)")],
            operands: [OperandSpec("REMOTE", .remoteAny), OperandSpec("LOCAL", .localPath, optional: true)]),
        CommandSpec(
            name: "rm", aliases: ["delete"], action: .rm,
            summary: "delete objects; with -r a folder or container and all it holds",
            details: """
                Deletes each NAME. An object: it goes, a static large object with its segments. \
                With -r a folder or container: every object under it (in bulk when the cluster \
                offers it), then the container itself when one was named. At a terminal, rm -r \
                first says what it will delete and asks; -f and scripts do not ask.
                Example: rm -r old-backups
                """,
            options: [OptionSpec("-r", help: "folders and containers, with everything in them"),
                      OptionSpec("-f", help: "do not ask before deleting")],
            operands: [OperandSpec("NAME", .remoteAny, repeating: true)]),
        CommandSpec(
            name: "lcd", aliases: [], action: .lcd,
            summary: "change the local folder (where get writes and upload reads)",
            details: "Changes the local working folder, as in sftp; without DIR, to the home folder.\nExample: lcd ~/Downloads",
            options: [], operands: [OperandSpec("DIR", .localPath, optional: true)]),
        CommandSpec(
            name: "lpwd", aliases: [], action: .lpwd,
            summary: "print the local folder",
            details: "Prints the local working folder that relative local paths start from.\nExample: lpwd",
            options: [], operands: []),
        CommandSpec(
            name: "lls", aliases: [], action: .lls,
            summary: "list a local folder",
            details: "Lists the local working folder, or DIR; -l adds sizes and dates.\nExample: lls -l",
            options: [OptionSpec("-l", help: "long format: size, date (UTC) and name")],
            operands: [OperandSpec("DIR", .localPath, optional: true)]),
        CommandSpec(
            name: "info", aliases: ["stat"], action: .info,
            summary: "show an object's, folder's, container's or the account's info",
            details: """
                The accessory button: opens an info pane with size, count, type, ETag, dates and \
                metadata. Without NAME, the current folder (the account at the root).
                Example: info photos/cover.png
                """,
            options: [CommandTable.jsonOption], operands: [OperandSpec("NAME", .remoteAny, optional: true)]),
        CommandSpec(
            name: "mkdir", aliases: [], action: .mkdir,
            summary: "create a container (at the root) or a pseudo-folder",
            details: "At the root, creates a container; inside a container, a pseudo-folder marker.\nExample: mkdir reports",
            options: [], operands: [OperandSpec("NAME", .text)]),
        CommandSpec(
            name: "refresh", aliases: [], action: .refresh,
            summary: "reload the visible panes",
            details: "Fetches the content of both panes again.\nExample: refresh",
            options: [], operands: []),
        CommandSpec(
            name: "pwd", aliases: [], action: .pwd,
            summary: "print the current folder's path",
            details: "Prints the path of the current folder, e.g. /photos/2024.\nExample: pwd",
            options: [], operands: []),
        CommandSpec(
            name: "help", aliases: ["?"], action: .help,
            summary: "list commands, or explain one",
            details: "Without a name, lists every command and the exit statuses; with one, explains it.\nExample: help cd",
            options: [], operands: [OperandSpec("COMMAND", .command, optional: true)]),
        CommandSpec(
            name: "exit", aliases: ["quit", "bye"], action: .exit,
            summary: "leave objsh (with STATUS, default 0)",
            details: "Leaves the shell; in a script, stops it here.\nExample: exit",
            options: [], operands: [OperandSpec("STATUS", .text, optional: true)]),
    ]

    /// `--json` of the commands that print entries: JSON Lines, the panes left as they are.
    static let jsonOption = OptionSpec("--json", help: "JSON Lines: one object a line, fields as the man page lists them")

    /// The command a word names, by name or alias.
    public static func command(named word: String) -> CommandSpec? {
        commands.first { $0.names.contains(word) }
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
        Exit status: 0 when every command succeeded; 1 when a command failed; 64 for a bad \
        command line or command usage; 66 when a cluster, container, folder, object or file \
        is not there; 69 when the server is unreachable, timed out or failed; 77 when \
        credentials are refused or access is forbidden; 130 when interrupted. A script \
        stops at its first failure (unless --on-error continue or a leading - says to go on) \
        with that failure's status.
        """
}
