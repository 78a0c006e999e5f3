import Foundation
import Rendering
import Storage

/// `lcd [DIR]`: the shell's local folder, as in sftp: every relative local path, and
/// TAB on one, starts there. The process's working directory never moves, so a command
/// already running keeps the folder it started in.
struct LocalChangeFolderCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "lcd", aliases: [],
        summary: "change the local folder (where get writes and upload reads)",
        details: "Changes the local working folder, as in sftp; without DIR, to the home folder.\nExample: lcd ~/Downloads",
        options: [], operands: [OperandSpec("DIR", .localPath, optional: true)])

    let path: String

    init(_ arguments: CommandArguments) throws {
        path = arguments.operand(0) ?? "~"
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        context.shell.changeLocalFolder(to: try Self.enterable(context.localPath(path)))
        return .answered
    }

    /// The folder `path` names as the system names it once entered (links resolved, as
    /// `getcwd` says), refused as `chdir` would refuse it: missing, no folder, not searchable.
    static func enterable(_ path: LocalPath) throws -> String {
        guard let resolved = realpath(path.absolute, nil) else { throw CommandFailure.localFolder(path.text, .lastSystemError) }
        defer { free(resolved) }
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw CommandFailure.localFolder(path.text, .lastSystemError) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw CommandFailure.localFolder(path.text, .system(ENOTDIR)) }
        guard access(resolved, X_OK) == 0 else { throw CommandFailure.localFolder(path.text, .lastSystemError) }
        return String(cString: resolved)
    }
}

/// `lpwd`: the local working folder.
struct LocalPrintFolderCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "lpwd", aliases: [],
        summary: "print the local folder",
        details: "Prints the local working folder that relative local paths start from.\nExample: lpwd",
        options: [], operands: [])

    init(_ arguments: CommandArguments) throws {}

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        context.console.write(escaped(context.localFolder) + "\n")
        return .answered
    }
}

/// `lls [-l] [DIR]`: the local folder's entries in name order, folders with `/`.
struct LocalListCommand: ShellCommand {
    nonisolated static let long = OptionSpec("-l", help: "long format: size, date (UTC) and name")
    nonisolated static let spec = CommandSpec(
        name: "lls", aliases: [],
        summary: "list a local folder",
        details: "Lists the local working folder, or DIR; -l adds sizes and dates.\nExample: lls -l",
        options: [long], operands: [OperandSpec("DIR", .localPath, optional: true)])

    let folder: String
    let long: Bool

    init(_ arguments: CommandArguments) throws {
        folder = arguments.operand(0) ?? "."
        long = try arguments.flag(Self.long)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let folder = context.localPath(folder)
        guard let names = Self.names(in: folder.absolute) else {
            let problem: LocalProblem = FileManager.default.fileExists(atPath: folder.absolute) ? .unreadableFolder : .system(ENOENT)
            throw CommandFailure.localFolder(folder.text, problem)
        }
        var columns = Columns(width: context.settings.streams.output.width())
        context.console.writeEntries(names.map { Self.entry($0, in: folder) }, long: long, columns: &columns)
        return .answered
    }

    /// The names in `path` but the hidden ones, in byte order, as bytes: a local name need
    /// not be UTF-8. Nil when the folder cannot be read.
    static func names(in path: String) -> [[UInt8]]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name.first != UInt8(ascii: ".") { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The entry of `name`; a name that is not UTF-8 shows its other bytes as `\xFF`.
    static func entry(_ name: [UInt8], in folder: LocalPath) -> EntryLine {
        var info = stat()
        let path = Array(folder.absolute.utf8) + [UInt8(ascii: "/")] + name + [0]
        let found = path.withUnsafeBytes { lstat($0.baseAddress!.assumingMemoryBound(to: CChar.self), &info) } == 0
        let isFolder = found && info.st_mode & S_IFMT == S_IFDIR
        return EntryLine(
            name: String(validating: name, as: UTF8.self) ?? TerminalEscaping.escape(bytes: name), isFolder: isFolder,
            bytes: found && !isFolder ? Int64(info.st_size) : nil,
            date: found ? Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)) : nil)
    }
}
