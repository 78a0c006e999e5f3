import Browser
import Rendering

/// `search [--in PATH] [--live] [--larger SIZE] [--smaller SIZE] [--newer AGE] [--older AGE] [--json] [TERM]`:
/// search mode, or leaving it.
struct SearchCommand: ShellCommand {
    nonisolated static let scope = OptionSpec("--in", value: .remoteFolder, valueName: "PATH", help: "search only under this container or folder")
    nonisolated static let live = OptionSpec("--live", help: "list the server even where the local index covers the place")
    nonisolated static let larger = OptionSpec("--larger", value: .text, valueName: "SIZE", help: "only objects larger than SIZE (e.g. 10M)")
    nonisolated static let smaller = OptionSpec("--smaller", value: .text, valueName: "SIZE", help: "only objects smaller than SIZE")
    nonisolated static let newer = OptionSpec(
        "--newer", value: .text, valueName: "AGE", help: "only objects changed within AGE (30m, 12h, 7d, 2w) or since a date")
    nonisolated static let older = OptionSpec("--older", value: .text, valueName: "AGE", help: "only objects changed before AGE ago or before a date")
    nonisolated static let spec = CommandSpec(
        name: "search", aliases: [],
        summary: "search object names across the account (no term: leave search mode)",
        details: """
            Shows the objects whose names contain TERM (case-insensitive), or match it as a \
            glob when it has * ? or [. Results open with cd or info; back, or search with no \
            term, restores the panes shown before. Where the local index (see index) covers the \
            place, it answers at once and the title says how old it is (index of 12 min ago); \
            --live, or a place not indexed, lists the server: at a terminal the results show as \
            they are found, and Ctrl-C stops the search and keeps what it found. A result gone \
            from the server since the index was made is reported as not found when opened.
            Example: search --in photos --larger 10M '*.jpg'
            """,
        options: [scope, live, larger, smaller, newer, older, CommandTable.jsonOption],
        operands: [OperandSpec("TERM", .text, optional: true)])

    let term: String?
    let scopePath: String?
    let json: Bool
    let isLive: Bool
    let filter: SearchFilter

    init(_ arguments: CommandArguments) throws {
        term = arguments.operand(0)
        scopePath = try arguments.value(Self.scope)
        json = try arguments.flag(CommandTable.jsonOption)
        isLive = try arguments.flag(Self.live)
        filter = SearchFilter(
            largerThan: try arguments.size(Self.larger), smallerThan: try arguments.size(Self.smaller),
            newerThan: try arguments.pointInTime(Self.newer), olderThan: try arguments.pointInTime(Self.older))
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        if context.wantsJSON(json), let term {
            // `search --json` answers and leaves the panes as they are.
            let scope = try await session.searchScope(scopePath, from: context.place)
            let writer = EntryWriter(console: context.console, style: ListStyle(long: false, human: false, json: true))
            let search = session.detachedSearch(term, in: scope, filter: filter, live: isLive, from: context.place)
            if let age = search.indexAge { context.console.writeError("search: answered from the \(age)\n") }
            try await writer.writeJSONResults(of: search)
            return .answered
        }
        try await session.search(term, in: scopePath, filter: filter, live: isLive)
        // With no panes shown (`-q`), the answer is the results, streamed as found.
        guard context.settings.quiet, term != nil else { return .showPanes }
        if let age = session.searchResults?.indexAge { context.console.writeError("search: answered from the \(age)\n") }
        let writer = EntryWriter(console: context.console, style: ListStyle(long: false, human: false, json: false))
        try await session.loadSearchResults { page in
            writer.writeEntries(page.map { EntryLine(name: $0.name, isFolder: $0.isFolder, bytes: $0.bytes, date: $0.lastModified) })
        }
        return .answered
    }
}

/// `info [--json] [NAME]`: the accessory button.
struct InfoCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "info", aliases: ["stat"],
        summary: "show an object's, folder's, container's or the account's info",
        details: """
            The accessory button: opens an info pane with size, count, type, ETag, dates and \
            metadata. Without NAME, the current folder (the account at the root). A NAME \
            with *, ? or [...] is a pattern: the facts of everything it matches, as \
            Key: value lines with a blank line between (or JSON Lines), the panes left as they are. \
            An object's pane also shows its first lines (one 8 KiB Range read, control \
            characters escaped), or binary: TYPE, SIZE. A container's info says whether it keeps \
            versions (Versioning: on, off or suspended). With --version ID, the facts of that \
            version of the object NAME, as Key: value lines (or JSON), the panes left as they are.
            Example: info photos/cover.png
            """,
        options: [CommandTable.jsonOption, VersionOption.option], operands: [OperandSpec("NAME", .remoteAny, optional: true)])

    let path: String?
    let pattern: PathArgument?
    let json: Bool
    let version: String?

    init(_ arguments: CommandArguments) throws {
        path = arguments.operand(0)
        pattern = arguments.path(0).flatMap { $0.pattern == nil ? nil : $0 }
        json = try arguments.flag(CommandTable.jsonOption)
        version = try arguments.value(VersionOption.option)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        if let version {
            let info = try await VersionOption.info(path ?? ".", version: version, context)
            let sheet = try await session.infoSheet(ofObject: info)
            if context.wantsJSON(json) { return write(sheet.json, context) }
            context.console.write(sheet.lines.map { escaped($0) + "\n" }.joined())
            return .answered
        }
        if case .pattern(let pattern)? = try pattern?.resolve(in: context.folder) {
            return try await writeSheets(of: try await session.expand(pattern), context)
        }
        if context.wantsJSON(json) {
            // `info --json` answers and leaves the panes as they are.
            context.console.writeJSON([try await session.infoSheet(for: try await session.resolve(context.location(of: path))).json])
            return .answered
        }
        try await session.info(path)
        // With no panes shown (`-q`), the answer is the sheet, as `Key: value` lines.
        guard context.settings.quiet, let pane = session.current as? InfoPane else { return .showPanes }
        let lines = try await session.infoSheet(of: pane).lines
        context.console.write(lines.map { escaped($0) + "\n" }.joined())
        return .answered
    }

    func write(_ json: JSONLine, _ context: CommandContext) -> CommandOutcome {
        context.console.writeJSON([json])
        return .answered
    }

    /// The facts of each match: an object's from its HEAD, as `info NAME` shows them.
    func writeSheets(of matches: [PatternMatch], _ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        for (index, match) in matches.enumerated() {
            let target: Target =
                switch match {
                case .container(let summary): .container(summary.name, objects: summary.objectCount)
                case .folder(let location): .folder(location)
                case .object(_, let location): try await session.resolve(location, probe: .objectFirst, expecting: .object)
                }
            let sheet = try await session.infoSheet(for: target)
            if context.wantsJSON(json) {
                context.console.writeJSON([sheet.json])
            } else {
                context.console.write((index == 0 ? "" : "\n") + sheet.lines.map { escaped($0) + "\n" }.joined())
            }
        }
        return .answered
    }
}
