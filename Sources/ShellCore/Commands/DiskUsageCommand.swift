import Browser
import Rendering
import Storage

/// `du [-h] [-d DEPTH] [--json] [PATH]`: objects and bytes under a folder, a container or
/// the account, and in a container that keeps versions the old versions' too.
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
            where it keeps them (Swift; S3 keeps none, so its buckets are listed). In a \
            container that keeps versions, PATH's line ends with what its old versions hold \
            (+ 2 old versions, 1.1 MiB), from a listing of its versions. Ctrl-C \
            prints the totals so far, marked partial. --json gives a JSON object a line \
            (kind, path, count, bytes, old_versions, old_versions_bytes, partial).
            Example: du -h -d 1 photos
            Example: du --json /backups | jq .bytes
            """,
        options: [human, depth, CommandTable.jsonOption], operands: [OperandSpec("PATH", .remoteFolder, optional: true)])

    let path: String?
    let isHuman: Bool
    let levels: Int
    let json: Bool

    init(_ arguments: CommandArguments) throws {
        path = arguments.operand(0)
        isHuman = try arguments.flag(Self.human)
        levels = try arguments.number(Self.depth, in: 0...1_000) ?? 0
        json = try arguments.flag(CommandTable.jsonOption)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        let target = try context.location(of: path)
        if case .object(let info, _) = try await session.resolve(target, expecting: .containerOrFolder) {
            write(FolderTally.Line(location: target, objects: 1, bytes: info.bytes), context, kind: "object")
            return .answered
        }
        guard let container = target.container else {
            try await account(context)
            return .answered
        }
        let facts = try await session.containerInfo(container)
        // Where versions are kept, their listing counts the current ones too: the one listing needed.
        if levels == 0, let old = try await session.oldVersions(under: target, versioning: facts.versioning) {
            write(FolderTally.Line(location: target, objects: old.currentCount, bytes: old.currentBytes), context, old: old)
            return .answered
        }
        if target.isContainer, levels == 0, let objects = facts.objectCount, let bytes = facts.bytes {
            write(FolderTally.Line(location: target, objects: objects, bytes: bytes), context)
            return .answered
        }
        let lines = try await tally(target, depth: levels, context)
        for line in lines.dropLast() { write(line, context) }
        if let last = lines.last {
            write(last, context, old: try await session.oldVersions(under: target, versioning: facts.versioning))
        }
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

    /// One line: BYTES OBJECTS PATH, then the old versions where there are any; with
    /// --json a JSON object. `kind` is an object's where PATH named one.
    func write(_ line: FolderTally.Line, _ context: CommandContext, partial: Bool = false, kind: String? = nil, old: OldVersions? = nil) {
        if context.wantsJSON(json) { return context.console.writeJSON([Self.record(line, partial: partial, kind: kind, old: old)]) }
        let size = isHuman ? ByteCountText.format(line.bytes) : String(line.bytes)
        var text =
            size.padding(toLength: 12, withPad: " ", startingAt: 0) + String(line.objects).padding(toLength: 10, withPad: " ", startingAt: 0)
            + escaped(line.location.description)
        if let old, old.count > 0 {
            text += "  (+ \(old.count) old version\(old.count == 1 ? "" : "s"), \(isHuman ? ByteCountText.format(old.bytes) : "\(old.bytes) bytes"))"
        }
        context.console.write(text + (partial ? "  (partial: interrupted)" : "") + "\n")
    }

    /// `du --json`'s record of one line: the account, a container, a folder or an object.
    static func record(_ line: FolderTally.Line, partial: Bool, kind: String?, old: OldVersions?) -> JSONLine {
        let place = line.location
        var record = JSONLine()
        record.add(.kind, kind ?? (place.container == nil ? "account" : place.isContainer ? "container" : "folder"))
        record.add(.path, kind == nil ? place.description : place.objectPath)
        record.add(.container, place.container)
        record.add(.count, line.objects)
        record.add(.bytes, line.bytes)
        record.add(.oldVersions, old?.count)
        record.add(.oldVersionsBytes, old?.bytes)
        if partial { record.add(.partial, true) }
        return record
    }
}
