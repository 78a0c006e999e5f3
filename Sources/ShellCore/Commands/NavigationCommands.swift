import Browser

/// `cd [PATH]`: the tap on a container or folder.
struct ChangeFolderCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "cd", aliases: [],
        summary: "open a container or folder (an object opens its info)",
        details: """
            Opens a container or pseudo-folder. A child of the right pane shifts the panes \
            left; a sibling (../x) replaces the right pane; an ancestor (.., /) goes back; \
            any other path goes back to the common ancestor and down again. In search mode \
            it opens a result.
            Example: cd "My Photos"/Family
            """,
        options: [], operands: [OperandSpec("PATH", .remoteFolder, optional: true)])

    let path: String

    init(_ arguments: CommandArguments) throws {
        path = arguments.operand(0) ?? "/"
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        try await context.session.cd(path)
        return .showPanes
    }
}

/// `back`: the back button.
struct BackCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "back", aliases: [],
        summary: "go back one level; in search mode, leave search mode",
        details: "The back button: the right pane closes and the level below comes back on the left.\nExample: back",
        options: [], operands: [])

    init(_ arguments: CommandArguments) throws {}

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        try await context.session.back()
        return .showPanes
    }
}

/// `refresh`: reload the visible panes.
struct RefreshCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "refresh", aliases: [],
        summary: "reload the visible panes",
        details: "Fetches the content of both panes again.\nExample: refresh",
        options: [], operands: [])

    init(_ arguments: CommandArguments) throws {}

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        return .storeChanged(printPanes: true)
    }
}

/// `mkdir NAME`: a container at the root (or `/NAME` anywhere), a pseudo-folder inside one.
struct MakeFolderCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "mkdir", aliases: [],
        summary: "create a container (at the root) or a pseudo-folder",
        details: """
            At the root, creates a container; inside a container, a pseudo-folder marker. An \
            absolute NAME is read from the root wherever the shell stands: /name creates a \
            container, /photos/2025 a folder in photos.
            Example: mkdir reports
            Example: mkdir /backups
            """,
        options: [], operands: [OperandSpec("NAME", .text)])

    let name: String

    init(_ arguments: CommandArguments) throws {
        name = arguments.operands[0]
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        try await context.session.mkdir(name)
        return .showPanes
    }
}

/// `pwd`: the current folder's path.
struct PrintFolderCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "pwd", aliases: [],
        summary: "print the current folder's path",
        details:
            "Prints the path of the current folder, e.g. /photos/2024. In search mode it adds the search and that paths start at the root there, as results are named.\nExample: pwd",
        options: [], operands: [])

    init(_ arguments: CommandArguments) throws {}

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let folder = context.place.folder
        if context.settings.json {
            context.console.writeJSON([JSONRecord.place(cluster: context.session.clusterName, folder: folder)])
        } else if context.place.isInSearchMode, let term = context.session.searchTerm {
            context.console.write(escaped("\(folder)  [search: \(term); paths start at /]") + "\n")
        } else {
            context.console.write(escaped(folder.description) + "\n")
        }
        return .answered
    }
}
