import Foundation
import Rendering
import Storage

/// `lcd [DIR]`: the local working folder, as in sftp (the process's own, so every
/// relative local path and TAB on one follow it).
struct LocalChangeFolderCommand: ShellCommand {
    static let spec = CommandSpec(
        name: "lcd", aliases: [],
        summary: "change the local folder (where get writes and upload reads)",
        details: "Changes the local working folder, as in sftp; without DIR, to the home folder.\nExample: lcd ~/Downloads",
        options: [], operands: [OperandSpec("DIR", .localPath, optional: true)])

    let path: String

    init(_ arguments: CommandArguments) throws {
        path = LocalPaths.expanded(arguments.operand(0) ?? "~")
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        guard chdir(path) == 0 else { throw CommandFailure.localFolder(path, .lastSystemError) }
        return .answered
    }
}

/// `lpwd`: the local working folder.
struct LocalPrintFolderCommand: ShellCommand {
    static let spec = CommandSpec(
        name: "lpwd", aliases: [],
        summary: "print the local folder",
        details: "Prints the local working folder that relative local paths start from.\nExample: lpwd",
        options: [], operands: [])

    init(_ arguments: CommandArguments) throws {}

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        context.console.write(escaped(FileManager.default.currentDirectoryPath) + "\n")
        return .answered
    }
}

/// `lls [-l] [DIR]`: the local folder's entries in name order, folders with `/`.
struct LocalListCommand: ShellCommand {
    static let long = OptionSpec("-l", help: "long format: size, date (UTC) and name")
    static let spec = CommandSpec(
        name: "lls", aliases: [],
        summary: "list a local folder",
        details: "Lists the local working folder, or DIR; -l adds sizes and dates.\nExample: lls -l",
        options: [long], operands: [OperandSpec("DIR", .localPath, optional: true)])

    let folder: String
    let long: Bool

    init(_ arguments: CommandArguments) throws {
        folder = LocalPaths.expanded(arguments.operand(0) ?? ".")
        long = try arguments.flag(Self.long)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            let problem: LocalProblem = FileManager.default.fileExists(atPath: folder) ? .unreadableFolder : .system(ENOENT)
            throw CommandFailure.localFolder(folder, problem)
        }
        var columns = Columns(width: context.settings.width())
        context.console.writeEntries(names.map(entry), long: long, columns: &columns)
        return .answered
    }

    func entry(_ name: String) -> EntryLine {
        var info = stat()
        let found = lstat(folder + "/" + name, &info) == 0
        let isFolder = found && info.st_mode & S_IFMT == S_IFDIR
        return EntryLine(
            name: name, isFolder: isFolder, bytes: found && !isFolder ? Int64(info.st_size) : nil,
            date: found ? Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)) : nil)
    }
}

/// Local paths as the shell's commands take them: `~` expanded, relative to the local
/// working folder (`lcd`), a folder standing for the file of the same name in it.
enum LocalPaths {
    static func expanded(_ path: String) -> String { (path as NSString).expandingTildeInPath }

    /// Where a download goes: `given` (a folder means the default name inside it), or the default name here.
    static func target(_ given: String?, defaultName: String) -> String {
        guard let given, !given.isEmpty else { return defaultName }
        let path = expanded(given)
        var isFolder: ObjCBool = false
        if given.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
            return (path.hasSuffix("/") ? path : path + "/") + defaultName
        }
        return path
    }

    /// The last part of a remote name, as a local file name (`a/b.txt` → `b.txt`).
    static func baseName(of name: String) -> String {
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        let base = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return base.isEmpty || base == "." || base == ".." ? "download" : base
    }
}
