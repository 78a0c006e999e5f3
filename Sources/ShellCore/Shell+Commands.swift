import Browser
import Clusters
import Rendering
import Storage

extension Shell {
    /// Runs a parsed command and prints what it shows.
    func perform(_ command: ParsedCommand) async throws -> Outcome {
        switch command.spec.action {
        case .cd:
            try await session.cd(command.operand(0) ?? "/")
        case .back:
            try await session.back()
        case .info:
            if wantsJSON(command) { return try await infoJSON(command.operand(0)) }
            try await session.info(command.operand(0))
        case .search:
            if wantsJSON(command), let term = command.operand(0) { return try await searchJSON(term, in: command.values["--in"]) }
            try await session.search(command.operand(0), in: command.values["--in"])
        case .refresh:
            try await session.refresh()
        case .mkdir:
            try await session.mkdir(command.operands[0])
        case .upload:
            try await upload(command)
        case .cluster:
            guard let name = command.operand(0) else {
                listClusters(json: wantsJSON(command))
                return .proceed
            }
            guard let cluster = catalog.cluster(named: name) else {
                throw ShellError.cluster(.unknown(name, known: catalog.names))
            }
            try await switchTo(cluster)
        case .ls:
            try await list(command.operand(0), long: command.flags.contains("-l"), human: command.flags.contains("-h"),
                           json: wantsJSON(command), recursive: command.flags.contains("-R"))
            return .proceed
        case .get:
            try await get(command)
            return .proceed
        case .rm:
            try await remove(command)
        case .lcd:
            try lcd(command.operand(0))
            return .proceed
        case .lpwd:
            lpwd()
            return .proceed
        case .lls:
            try lls(command.operand(0), long: command.flags.contains("-l"))
            return .proceed
        case .pwd:
            if settings.json { writeJSON([JSONRecord.place(cluster: clusterName, folder: session.currentFolder)]) }
            else { output.write(escaped(session.currentFolder.description) + "\n") }
            return .proceed
        case .help:
            try help(command.operand(0))
            return .proceed
        case .exit:
            guard let text = command.operand(0) else { return .exit(ExitStatus.success) }
            guard let status = Int32(text), (0...255).contains(status) else {
                throw ShellError.usage(command.spec, .badOperand("STATUS", .number(0...255)))
            }
            return .exit(status)
        }
        printPanes()
        return .proceed
    }

    /// Whether a command prints JSON Lines: `--json` on it, or on the command line.
    func wantsJSON(_ command: ParsedCommand) -> Bool {
        settings.json || command.flags.contains("--json")
    }

    func listClusters(json: Bool) {
        if json {
            return writeJSON(catalog.clusters.map { JSONRecord.cluster($0, isCurrent: $0.name == clusterName) })
        }
        let width = catalog.clusters.map { DisplayWidth.width(of: $0.name) }.max() ?? 0
        for cluster in catalog.clusters {
            let mark = cluster.name == clusterName ? "*" : " "
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.width(of: cluster.name)))
            output.write("\(mark) \(escaped(cluster.name))\(padding)  \(escaped(cluster.summary)) (\(cluster.origin))\n")
        }
    }

    func help(_ name: String?) throws {
        guard let name else {
            let width = CommandTable.commands.map { $0.listSynopsis.count }.max() ?? 0
            for spec in CommandTable.commands {
                output.write("  " + spec.listSynopsis.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + spec.summary + "\n")
            }
            output.write("\nQuote names with spaces (\"My Photos\" or My\\ Photos); separate commands with ;\n")
            output.write("A leading - on a line ignores its error. " + ExitStatus.explanation + "\n")
            return
        }
        guard let spec = CommandTable.command(named: name) else {
            throw CommandFailure.noSuchCommand(name)
        }
        var text = "usage: \(spec.synopsis)\n"
        if !spec.aliases.isEmpty { text += "aliases: \(spec.aliases.joined(separator: ", "))\n" }
        text += "\n\(spec.details)\n"
        for option in spec.options {
            let name = option.value == nil ? option.name : "\(option.name) \(option.valueName)"
            text += "  \(name)  \(option.help)\n"
        }
        output.write(text)
    }
}

/// Names from the store pass through this before they reach the output.
func escaped(_ text: String) -> String {
    TerminalEscaping.escape(text)
}
