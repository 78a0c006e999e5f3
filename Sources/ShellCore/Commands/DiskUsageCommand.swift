import Browser
import Rendering
import Storage

/// `du [-h] [-d DEPTH] [PATH]`: objects and bytes under a folder, a container or the account.
struct DiskUsageCommand: ShellCommand {
    nonisolated static let human = OptionSpec("-h", help: "sizes as 1.2 MiB")
    nonisolated static let depth = OptionSpec(
        "-d", value: .text, valueName: "DEPTH", help: "a line for each folder down to DEPTH levels (default 0: the total)")
    nonisolated static let spec = CommandSpec(
        name: "du", aliases: [],
        summary: "count the objects and bytes under a folder, container or the account",
        details: """
            Prints BYTES, OBJECTS and the path of PATH (default: the current folder) and, with \
            -d DEPTH, of each folder down to DEPTH levels below it, deepest first as du does. \
            A folder is listed once, streamed in key ranges side by side; a whole container, \
            and the account, are counted from the totals the server keeps, without a listing, \
            where it keeps them (Swift; S3 keeps none, so its buckets are listed). Ctrl-C \
            prints the totals so far, marked partial.
            Example: du -h -d 1 photos
            """,
        options: [human, depth], operands: [OperandSpec("PATH", .remoteFolder, optional: true)])

    let path: String?
    let isHuman: Bool
    let levels: Int

    init(_ arguments: CommandArguments) throws {
        path = arguments.operand(0)
        isHuman = try arguments.flag(Self.human)
        levels = try arguments.number(Self.depth, in: 0...1_000) ?? 0
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        let target = try context.location(of: path)
        if case .object(let info, _) = try await session.resolve(target, expecting: .containerOrFolder) {
            write(FolderTally.Line(location: target, objects: 1, bytes: info.bytes), context)
            return .answered
        }
        guard target.container != nil else {
            try await account(context)
            return .answered
        }
        if target.isContainer, levels == 0, let line = try await containerTotals(target, session) {
            write(line, context)
            return .answered
        }
        for line in try await tally(target, depth: levels, context) { write(line, context) }
        return .answered
    }

    /// The account: each container from the account listing when it counts them, else listed.
    func account(_ context: CommandContext) async throws {
        var containers: [ContainerSummary] = []
        try await context.session.eachContainerPage { containers += $0 }
        var total = FolderTally.Line(location: .root)
        for summary in containers {
            let location = Location(segments: [summary.name])
            let lines: [FolderTally.Line]
            if let objects = summary.objectCount, let bytes = summary.bytes, levels <= 1 {
                lines = [FolderTally.Line(location: location, objects: objects, bytes: bytes)]
            } else {
                lines = try await tally(location, depth: max(0, levels - 1), context)
            }
            if levels > 0 { lines.forEach { write($0, context) } }
            total.objects += lines.last?.objects ?? 0
            total.bytes += lines.last?.bytes ?? 0
        }
        write(total, context)
    }

    /// A container's totals as the server keeps them (one HEAD), or nil where it keeps none.
    func containerTotals(_ location: Location, _ session: BrowserSession) async throws -> FolderTally.Line? {
        let info = try await session.containerInfo(location.container!)
        guard let objects = info.objectCount, let bytes = info.bytes else { return nil }
        return FolderTally.Line(location: location, objects: objects, bytes: bytes)
    }

    /// Lists everything under `folder` once; returns its lines, the folder's own last.
    /// Interrupted, it prints what it counted so far, marked partial, and stops.
    func tally(_ folder: Location, depth: Int, _ context: CommandContext) async throws -> [FolderTally.Line] {
        var tally = FolderTally(folder, depth: depth)
        var lines: [FolderTally.Line] = []
        do {
            try await context.session.eachEntryPage(under: folder, recursive: true, sizes: true, lookingUp: false) { page in
                for case .object(let object) in page where object.name != folder.prefix {
                    lines += tally.add(name: object.name, bytes: object.bytes)
                }
            }
        } catch  where ShellError.of(error, command: "du") == .interrupted {
            for line in lines + tally.partial { write(line, context, partial: true) }
            throw ShellError.interrupted
        }
        return lines + tally.finish()
    }

    func write(_ line: FolderTally.Line, _ context: CommandContext, partial: Bool = false) {
        let size = isHuman ? ByteCountText.format(line.bytes) : String(line.bytes)
        let text =
            size.padding(toLength: 12, withPad: " ", startingAt: 0) + String(line.objects).padding(toLength: 10, withPad: " ", startingAt: 0)
            + escaped(line.location.description) + (partial ? "  (partial: interrupted)" : "")
        context.console.write(text + "\n")
    }
}
