import Browser
import Rendering
import Storage

/// `ls [-lhR] [--json] [PATH]`: every entry, streamed page by page and written as it comes.
struct ListCommand: ShellCommand {
    nonisolated static let long = OptionSpec("-l", help: "long format: size, date (ISO 8601, UTC) and name; at the root size, object count and name")
    nonisolated static let human = OptionSpec("-h", help: "with -l, sizes as 1.2 MiB")
    nonisolated static let recursive = OptionSpec("-R", help: "every object under the folder, at any depth, with its name from the folder")
    nonisolated static let bySize = OptionSpec(
        "-S", help: "by size, largest first: a folder, a pattern's matches, the containers where the store lists their sizes")
    nonisolated static let byDate = OptionSpec(
        "-t", help: "by date, newest first: a folder, a pattern's matches, the containers where the store lists their dates")
    nonisolated static let reverse = OptionSpec("-r", help: "in reverse order (of names, or of -S or -t)")
    nonisolated static let versions = OptionSpec(
        "--versions", help: "every version of the object PATH, or of every object under it: ID, size, date, state, name")
    nonisolated static let spec = CommandSpec(
        name: "ls", aliases: ["dir"],
        summary: "list a whole folder, streamed (not cut to the pane)",
        details: """
            Lists every entry of the current folder or of PATH, page by page. With -l each \
            line has the size, the date and the name, and a manifest's mark ([static manifest], \
            [dynamic manifest: ...]: a DLO's size comes from a HEAD); at the root, each container's size \
            and object count from the account listing, after the account's totals. Options \
            combine (-lh). A folder's -l listing ends with a total line (its objects and their \
            bytes, counted as the lines go by; the root's total comes first, from the account). \
            A folder streams in name order; -S (largest first) and -t (newest first) sort it, \
            -r reverses, and these hold the whole folder in memory before the first line; \
            --json follows the same order. They sort what a pattern matched too, and the \
            containers at the root where the account listing gives their sizes and dates \
            (Swift; S3 and the file store do not, and -S or -t there is refused). With -R, every object under the folder, at any depth, named from \
            it (photos/2024/a.jpg from the root). When output is not a terminal, one entry a \
            line, so it pipes into wc -l and grep. With --versions, every version the container \
            keeps of the object PATH (or of each object under the folder or container PATH), \
            each name's newest first: its ID (for --version), size, date, and current, older or \
            deleted (a delete marker); names are the objects' full names in the container.
            Example: ls -l photos/2024
            Example: ls --versions report.pdf
            """,
        options: [long, human, recursive, bySize, byDate, reverse, versions, CommandTable.jsonOption],
        operands: [OperandSpec("PATH", .remoteAny, optional: true)])

    let path: PathArgument?
    var style: ListStyle

    init(_ arguments: CommandArguments) throws {
        path = arguments.path(0)
        style = ListStyle(
            long: try arguments.flag(Self.long), human: try arguments.flag(Self.human),
            json: try arguments.flag(CommandTable.jsonOption))
        style.recursive = try arguments.flag(Self.recursive)
        style.versions = try arguments.flag(Self.versions)
        if try arguments.flag(Self.bySize) { style.order.key = .size }
        if try arguments.flag(Self.byDate) { style.order.key = .date }
        style.order.reversed = try arguments.flag(Self.reverse)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        var style = style
        style.json = context.wantsJSON(style.json)
        let writer = EntryWriter(console: context.console, style: style)
        let session = context.session
        if context.place.isInSearchMode && path == nil {
            try await writer.writeSearchResults(of: session)
            return .answered
        }
        let target: Location
        switch try path?.resolve(in: context.folder) ?? .path(context.folder) {
        case .path(let location): target = location
        case .pattern(let pattern):
            try await writer.writeMatches(try await session.expand(pattern, sizes: style.showsSizes), from: context.folder, of: session)
            return .answered
        }
        if style.versions { return try await listVersions(under: target, style: style, context) }
        guard target.container != nil else {
            switch (style.recursive, style.order.needsWholeFolder) {
            case (true, false): try await writer.writeEveryObject(of: session)
            case (true, true): try await writer.writeEveryObjectInOrder(of: session)
            case (false, false): try await writer.writeContainers(of: session)
            case (false, true): try await writer.writeContainersInOrder(of: session)
            }
            return .answered
        }
        guard try await listFolder(target, style: style, writer: writer, of: session) else {
            try await writer.writeNothingUnder(target, of: session)
            return .answered
        }
        if style.long && !style.json { writer.writeFolderTotals() }
        return .answered
    }

    /// Writes the folder `target` page by page, or whole and sorted; false when it holds nothing.
    func listFolder(_ target: Location, style: ListStyle, writer: EntryWriter, of session: BrowserSession) async throws -> Bool {
        var held: [ListingEntry] = []
        var listedAny = false
        try await session.eachEntryPage(under: target, recursive: style.recursive, sizes: style.showsSizes) { page in
            listedAny = listedAny || !page.isEmpty
            if style.order.needsWholeFolder { held += page } else { writer.write(page, of: target) }
        }
        if style.order.needsWholeFolder { writer.write(style.order.sorted(held), of: target) }
        return listedAny
    }

    func listVersions(under target: Location, style: ListStyle, _ context: CommandContext) async throws -> CommandOutcome {
        guard target.container != nil else { throw CommandFailure.accountNotAllowed(.version) }
        let writer = VersionWriter(console: context.console, human: style.human, json: style.json)
        // An empty container has no versions; a name with none is no object or folder.
        guard try await writer.writeVersions(under: target, of: context.session) || target.isContainer else {
            throw BrowserError.notFound(NotFound(target, expected: .objectOrFolder))
        }
        return .answered
    }
}

/// How `ls` writes: `-l`, `-h`, `--json`, `-R`.
struct ListStyle {
    var long: Bool
    var human: Bool
    var json: Bool
    var recursive = false
    /// `--versions`: every version instead of the entries.
    var versions = false
    /// `-S`, `-t`, `-r`: a folder's order.
    var order = ListOrder()
    /// Whether sizes are shown (and a DLO's must be looked up).
    var showsSizes: Bool { long || json }
}
