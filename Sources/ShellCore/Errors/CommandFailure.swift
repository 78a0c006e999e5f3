import Browser
import Storage

/// Why a command refused or failed on its own terms (not the store's), as data.
public enum CommandFailure: Error, Sendable, Equatable {
    /// The account was named where a container, folder or object is needed.
    case accountNotAllowed(AccountUse)
    /// A container or folder was named to a command that takes objects unless `-r`.
    case needsRecursive(Location, isContainer: Bool, command: String)
    /// A container or folder was named to a command that reads one object's bytes.
    case notAnObject(Location, isContainer: Bool)
    /// `help NAME` of a command that does not exist.
    case noSuchCommand(String)
    /// A local folder that cannot be entered or read.
    case localFolder(String, LocalProblem)
    /// Standard output could not be written.
    case standardOutput(LocalProblem)
    /// The file of `>` or `>>` (as typed) cannot be opened, written or put in place.
    case outputFile(String, LocalProblem)
    /// `> FILE` of a command that failed: FILE (as typed) was left as it was.
    case outputFileKept(String)
    /// A local program (`!`, a filter after `|`) that could not be started.
    case localProgram(String, LocalProblem)
    /// `alias NAME` or `unalias NAME` of a name that is no alias.
    case noSuchAlias(String)
    /// `wait %N`, `kill %N` of a job that is not there (as typed).
    case noSuchJob(String)
    /// A job at a terminal whose command would ask first: it does nothing instead.
    case jobWouldAsk
    /// `CMD > FILE | FILTER`, or two redirections: where the output goes is not one place.
    case outputTwice
    /// `cp`/`mv` of an object onto itself.
    case sameObject(Location)
    /// `cp -r`/`mv -r` of a folder into itself or below it.
    case copyIntoItself(Location, target: Location)
    /// `sync` between two places of one account where one is within the other (their labels).
    case syncOverlaps(source: String, destination: String)
    /// `cp`/`mv` with sources on more than one cluster (their names).
    case sourcesOnSeveralClusters([String])
    /// `upload -` where standard input holds the shell's own commands (at the prompt, or
    /// a script piped in), so it cannot be the data.
    case standardInputHoldsCommands
    /// `upload PATTERN`: a local pattern that matches no file (as typed).
    case noLocalMatch(String)
    /// `upload` of several LOCALs, or a pattern, to a DEST that names no folder.
    case severalUploadsIntoObject(String)
    /// `upload LOCAL DEST` where DEST, taken as a remote name, is a local file too.
    case uploadNameIsLocal(String)
    /// `upload` of two files that would take one object name (the name, the two files).
    case sameUploadName(String, first: String, second: String)
    /// `rm -r` of a container that keeps versions in a script without -f: its old
    /// versions would go for good, and no one was asked.
    case versionsWouldGo(container: String)
    /// `rm --versions` in a script without -f: the old versions of NAME would go for good.
    case oldVersionsNeedForce(String)
    /// `rm --versions` in a container that never kept versions: there are none.
    case keepsNoVersions(container: String)
    /// `ls -S` or `-t` of containers whose store's account listing tells no size or
    /// date (S3, the file store): the option, the store's kind.
    case containersUnordered(option: String, store: String)
    /// A folder upload left out local files whose names are not UTF-8 (how many); the
    /// rest was sent.
    case namesNotUTF8(Int)
    /// `diff` of an object: it compares folders and containers.
    case placeIsObject(Location)
    /// `sync` between two local folders: no transfer of the engine goes from file to file.
    case syncOfTwoFolders
    /// `restore` of an object with no older version to restore (its container and name).
    case nothingToRestore(container: String, name: String)
    /// `restore --version` of a delete marker, which has no bytes to restore.
    case restoreOfDeleteMarker(name: String, version: String)
    /// A place of `sync`/`diff` named without `file:` that is not on the cluster, where a
    /// local folder of that name is (what was missing, and the operand as typed).
    case remoteMissingLocalFolder(NotFound, operand: String)
    /// `cat` of binary data (a NUL in its start) to a terminal without `--raw`.
    case binaryAtTerminal(name: String, contentType: String, bytes: Int64)
    /// `sync --delete` that removed nothing of what only DEST holds, and why.
    case deletionsRefused(DeletionRefusal)
    /// `cluster add`, `cluster rm`: what keeps the config file as it is.
    case clusterSetup(ClusterSetupProblem)

    /// What the account cannot be used for.
    public enum AccountUse: Sendable, Equatable {
        case download
        case delete
        /// The target of `cp` or `mv`.
        case copyTarget
        /// A place `diff` compares.
        case compare
        /// One version of an object (`--version`).
        case version
    }
}

/// Why `sync --delete` removed nothing: each is a sign that DEST would lose what it
/// should keep.
public enum DeletionRefusal: Sendable, Equatable {
    /// Names of the run failed: what DEST lacks of SRC is not known to be sent.
    case failures(Int)
    /// SRC (its label) holds no names: the run would empty DEST.
    case emptySource(String)
    /// More names would go than `--max-delete` allows.
    case overLimit(count: Int, limit: Int)
}

/// Why `cluster add` or `cluster rm` leaves the config file as it is.
public enum ClusterSetupProblem: Sendable, Equatable {
    /// `--secret VALUE`: the secret would stay in the shell's history.
    case secretInCommandLine
    case noConfigFile
    /// The cluster shown now cannot be removed.
    case current(String)
    /// No `[cluster NAME]` section in the config file (its path).
    case notInConfigFile(String, path: String)
    /// The cluster comes from another source (its origin), which objsh does not write.
    case otherSource(String, origin: String)
    case badName(String)
    /// The config file defines the name already; `--replace` would replace it.
    case exists(String, path: String)
    /// An answer holds a line break or a control character.
    case unwritableValue
    /// `--secret-stdin` read an empty line.
    case emptySecret
}

/// What is wrong with a command line, as data.
public enum UsageProblem: Sendable, Equatable {
    case unknownOption(String)
    /// An option that takes a value was given none; the value's placeholder.
    case missingValue(option: String, valueName: String)
    case missingOperand(String)
    case tooManyArguments
    /// Two options that cannot be given together.
    case exclusiveOptions(String, String)
    /// An option's value that is not what it takes.
    case badOptionValue(option: String, Accepted)
    /// An operand that is not what it must be.
    case badOperand(String, Accepted)
    /// `upload -` without the NAME standard input is to be stored as.
    case standardInputNeedsName
    /// A word that should be `KEY=VALUE` and has no `=`: an operand of `meta` (nil), or
    /// the value of an option (`upload --metadata`).
    case notKeyValue(String, option: String? = nil)
    /// A metadata key outside what both APIs keep as it is.
    case badMetadataKey(String)
    /// A metadata value that is empty or holds control characters; its key, and the
    /// option it was given to (nil: `meta`'s operand, where -d removes a key).
    case badMetadataValue(key: String, option: String? = nil)

    /// What a value must be.
    public enum Accepted: Sendable, Equatable {
        case number(ClosedRange<Int>)
        /// A size such as `64M`.
        case size
        /// A content type such as `text/plain`.
        case contentType
        /// A header value: printable ASCII (`max-age=3600`, `STANDARD_IA`).
        case headerValue
        /// An age such as `7d`, or a date such as `2024-06-01`.
        case age
        /// A duration such as `30m` (s, m, h, d).
        case duration
        /// `on` or `off`.
        case onOrOff
        /// `add`, `test` or `rm` (after `cluster`).
        case subcommand
        /// `s3`, `swift` or `keystone` (`cluster add --type`).
        case clusterType
        /// An alias name: letters, digits, `_ . + @ % -`, not starting with `-`.
        case aliasName
    }
}
