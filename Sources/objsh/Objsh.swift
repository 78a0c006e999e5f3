import ArgumentParser
import Browser
import ClusterStores
import Clusters
import CommandLineCompletion
@preconcurrency import Foundation
import LineEditing
import Rendering
import ShellCore
import TestHooks

/// The `objsh` command: options, wiring, and the choice of batch or interactive mode.
struct Objsh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "objsh",
        abstract: "A line-oriented shell for object storage, with a two-pane browser.",
        discussion:
            "Without -c or -f, commands are read from standard input: interactively on a terminal, as a script otherwise. \(ExitStatus.explanation)",
        version: "0.1.0")

    @Argument(
        help: ArgumentHelp(
            "Where to start: a folder (or object) PATH, on CLUSTER when given (e.g. dal05:/photos/2024); a PATH that does not exist is an error.",
            valueName: "[CLUSTER:]PATH"))
    var place: String?

    @Option(
        name: .long, help: ArgumentHelp("The cluster to open: a name from `cluster`, or a directory path (default: local).", valueName: "NAME|PATH"),
        completion: .custom { _, _, _ in Objsh.clusterNames() })
    var cluster: String?

    @Option(name: .customShort("c"), help: ArgumentHelp("Run these commands (separated by ; or newlines) and exit.", valueName: "COMMANDS"))
    var commands: String?

    @Option(name: .customShort("f"), help: ArgumentHelp("Run the commands in this file and exit.", valueName: "FILE"), completion: .file())
    var file: String?

    @Flag(name: .customShort("q"), help: "Print no panes (command output and errors only).")
    var quiet = false

    @Flag(help: "Print JSON Lines for every command that prints entries (ls, info, search, cluster, pwd), and no panes.")
    var json = false

    @Option(
        name: .customLong("on-error"), help: ArgumentHelp("In a script, stop at the first failing command or continue.", valueName: "stop|continue"))
    var onError: ErrorPolicy = .stop

    @Option(
        help: ArgumentHelp(
            "Paint folders and errors: auto (an interactive session at a terminal, without NO_COLOR), always or never.",
            valueName: "auto|always|never"))
    var color: ColorChoice = .auto

    @Flag(help: "Print every pane lifecycle event to standard error.")
    var trace = false

    @Option(name: .customLong("cache-limit"), help: ArgumentHelp("How many hidden panes keep their content.", valueName: "N"))
    var cacheLimit = 3

    @Flag(help: "Print one line per HTTP request to standard error (credentials redacted).")
    var debug = false

    @Flag(help: "Do not verify TLS certificates of Swift and S3 clusters (prints a warning).")
    var insecure = false

    @Flag(help: "Show a progress line for transfers on standard error, also in scripts (the default at a terminal).")
    var progress = false

    @Flag(help: "Run the rc file ($XDG_CONFIG_HOME/objsh/rc) before -c or -f commands too (an interactive session always runs it).")
    var rc = false

    @Flag(name: .customLong("list-clusters"), help: ArgumentHelp("Print the cluster names, one a line, and exit.", visibility: .hidden))
    var listClusters = false

    mutating func validate() throws {
        if commands != nil && file != nil { throw ValidationError("give -c or -f, not both") }
        if cacheLimit < 0 { throw ValidationError("--cache-limit must be 0 or more") }
        if cluster != nil, let place, StartPlace(place).cluster != nil {
            throw ValidationError("give the cluster once: --cluster NAME PATH, or NAME:PATH")
        }
    }

    @MainActor
    func run() async throws {
        BrokenPipes.ignore()
        let environment = ProcessInfo.processInfo.environment
        let directories = ObjshDirectories(environment: environment)
        var catalog: ClusterCatalog
        do {
            let warnings: [String]
            (catalog, warnings) = try ClusterCatalog.standard(environment: environment, directories: directories)
            for warning in warnings { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        } catch let error as ClusterError {
            // A config file objsh cannot read at all: its words, without the usage block
            // of a mistyped option.
            throw Self.fail(ShellError.cluster(error))
        }
        if listClusters {
            print(catalog.names.joined(separator: "\n"))
            return
        }
        let start = place.map(StartPlace.init)
        let chosen: Cluster
        do {
            chosen = try catalog.resolve(commandLineValue: start?.cluster ?? cluster ?? "local")
        } catch let error as ClusterError {
            throw Self.fail(ShellError.cluster(error))
        }
        let terminal = Terminal(environment: environment)
        let isScript = commands != nil || file != nil || !terminal.inputIsTerminal
        let lines = isScript ? try scriptLines() : nil
        let stores = StoreFactory(debug: debug, insecure: insecure)
        var choices = choices(directories)
        let connections = ShellSettings.connections(in: environment)
        choices.connections = connections.limit
        if let warning = connections.warning { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        let shell = Shell(
            settings: .forSession(choices, terminal: terminal, script: isScript), output: StandardOutput(),
            catalog: catalog, openStore: TestHooks.wrapping({ try await stores.open($0) }, environment: environment))
        stores.sendDiagnostics(to: shell.diagnosticLines)
        shell.tellSkippedLocalNames()
        let rcFile = lines == nil || rc ? RCFile(path: directories.config + "/rc") : nil
        let status = await session(shell, opening: chosen, at: start?.path, lines: lines, rc: rcFile) {
            let editor = terminal.outputIsTerminal ? LineEditor(historyFile: directories.historyFile) : nil
            return InteractiveLoop(shell: shell, lines: editor ?? PlainLineReader())
        }
        // Connections close before the exit, whatever happened in the session; a background
        // index refresh stops first (the index keeps the containers it finished).
        await shell.backgroundRefresh.stop()
        // Jobs still running when the session ends (exit, Ctrl-D, a hangup) are cancelled
        // and clean up as Ctrl-C would have them: nothing partial is left in place.
        await shell.jobs.cancelAll()
        shell.jobs.removeSpilledOutput()
        await stores.shutdown()
        if debug || environment["OBJSH_STATS"] == "1" {
            FileHandle.standardError.write(Data("debug: \(StoreFactory.uploadBufferStatistics)\n".utf8))
        }
        throw ExitCode(status)
    }

    /// Opens the first cluster (at `path`, when given), runs the rc file when given, then
    /// the script `lines` or, without them, the interactive loop.
    @MainActor
    private func session(
        _ shell: Shell, opening cluster: Cluster, at path: String?, lines: AnySequence<String>?, rc: RCFile?,
        interactive: () -> InteractiveLoop
    ) async -> Int32 {
        do {
            try await shell.start(cluster: cluster, at: path)
        } catch {
            let failure = ShellError.of(error, command: "cluster \(cluster.name)")
            shell.writeErrorLine("objsh: " + failure.printableMessage)
            return failure.exitStatus
        }
        await rc?.run(on: shell)
        guard let lines else { return await interactive().run() }
        shell.printPanes()
        return await ScriptRunner(shell: shell, policy: onError).run(lines: lines)
    }

    /// What the options ask of the session; `ShellSettings.forSession` fits it to the terminal.
    func choices(_ directories: ObjshDirectories) -> SessionChoices {
        var choices = SessionChoices()
        choices.journalFolder = directories.journalFolder
        choices.configFile = directories.configFile
        choices.cacheFolder = directories.cache
        choices.quiet = quiet
        choices.json = json
        choices.trace = trace
        choices.debug = debug
        choices.cacheLimit = cacheLimit
        choices.color = color
        choices.progress = progress
        choices.commandsComeFromArguments = commands != nil || file != nil
        return choices
    }

    func scriptLines() throws -> AnySequence<String> {
        if let commands { return AnySequence(commands.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) }
        if let file {
            guard let handle = fopen(file, "r") else {
                throw ValidationError("cannot read \(file): \(String(cString: strerror(errno)))")
            }
            return AnySequence(LineReader(handle: handle))
        }
        return AnySequence(LineReader(handle: stdin))
    }

    /// Prints `objsh: MESSAGE` on standard error and gives the exit of its class.
    static func fail(_ error: ShellError) -> ExitCode {
        report(error)
        return ExitCode(error.exitStatus)
    }

    static func report(_ error: ShellError) {
        FileHandle.standardError.write(Data("objsh: \(error.printableMessage)\n".utf8))
    }

    /// What the options before a place say, for `objsh --complete`: nil when they do
    /// not parse as objsh's options, or when a place is given already.
    static func placeOptions(_ words: [String]) -> OSShellCompletion.PlaceOptions? {
        guard let parsed = try? Objsh.parse(words), parsed.place == nil else { return nil }
        return OSShellCompletion.PlaceOptions(cluster: parsed.cluster, insecure: parsed.insecure)
    }

    static func clusterNames() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let directories = ObjshDirectories(environment: environment)
        return ((try? ClusterCatalog.standard(environment: environment, directories: directories))?.0 ?? .builtIn(directories)).names
    }
}

extension ErrorPolicy: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}
