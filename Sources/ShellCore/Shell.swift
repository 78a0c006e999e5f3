import Browser
import Clusters
import Foundation
import NameIndex
import Navigation
import Rendering
import Storage
import Transfers
import Workers

/// The shell: one cluster's browser at a time, the command table, and the output.
///
/// It never exits the process; `run(_:)` reports what happened and the caller
/// (batch runner or interactive loop) decides what to do next.
@MainActor
public final class Shell {
    public let settings: ShellSettings
    public let output: ShellOutput
    public internal(set) var catalog: ClusterCatalog
    let openStore: (Cluster) async throws -> any ObjectStore
    var sessions: [String: BrowserSession] = [:]
    public private(set) var session: BrowserSession!
    /// The frame redrawn while a pane loads, during one command (see `LiveScreen`).
    var liveScreen: LiveScreen?
    /// While true (the rc file runs), no panes are printed.
    public var holdsPanes = false
    /// False while a command with output of its own runs.
    var drawsLiveScreen = true
    /// Refreshes of an index that `index_refresh` started, and their failures to tell.
    public let backgroundRefresh = BackgroundIndexRefresh()
    /// The terminal's one status line (progress), shared by everything that writes.
    let statusLine: StatusLine
    /// Background jobs (`CMD &`).
    public let jobs = JobTable()
    /// Whether Ctrl-Z may move a running transfer to the background (at a terminal).
    public var detachesForeground = false
    /// The foreground command Ctrl-Z may move to the background, while one runs.
    var foregroundJob: Job?
    /// The job `fg` holds in the foreground, while it does.
    var heldJob: Job?
    /// `alias NAME LINE`: the line each name stands for, as the first word of a command.
    public internal(set) var aliases: [String: String] = [:]
    /// The local folder `lcd` chose (absolute); nil until the first `lcd`.
    private var chosenLocalFolder: String?

    /// What a command asks of the loop that runs it.
    public enum Outcome: Equatable, Sendable {
        case proceed
        case exit(Int32)
        /// The command answered that what it compared differs: a failure without a message.
        case differ
    }

    public init(
        settings: ShellSettings, output: ShellOutput, catalog: ClusterCatalog,
        openStore: @escaping (Cluster) async throws -> any ObjectStore
    ) {
        self.settings = settings
        self.output = output
        self.statusLine = StatusLine(output: output)
        self.catalog = catalog
        self.openStore = openStore
    }

    /// Opens the first cluster and, with `path`, goes there as `cd` would (`objsh
    /// CLUSTER:PATH`). Throws a `ShellError` whose class gives the exit status.
    public func start(cluster: Cluster, at path: String? = nil) async throws {
        do {
            try await switchTo(cluster)
        } catch {
            throw Self.startFailure(error, label: "cluster \(cluster.name)")
        }
        guard let path else { return }
        do {
            try await session.cd(path)
        } catch {
            throw Self.startFailure(error, label: cluster.name)
        }
    }

    static func startFailure(_ error: any Error, label: String) -> ShellError {
        ShellError.of(error, command: label)
    }

    /// The cluster shown now.
    public var clusterName: String { session.clusterName }

    /// Where relative local paths start: the folder `lcd` chose, or until then the
    /// process's working directory as it is now. A command reads it once, when it starts.
    public var localFolder: String { chosenLocalFolder ?? FileManager.default.currentDirectoryPath }

    /// `lcd`: the shell's local folder (absolute). The process's working directory stays.
    func changeLocalFolder(to folder: String) { chosenLocalFolder = folder }

    /// The prompt, `objsh CLUSTER:/path> `, or in search mode `objsh CLUSTER:/path [search: TERM]> `.
    public var prompt: String {
        let mode = session.searchTerm.map { " [search: \($0)]" } ?? ""
        return "objsh \(clusterName):\(session.currentFolder)\(mode)> "
    }

    /// Runs one command (its words, the command name first): parsed against its row,
    /// decoded into its type, run, and the panes printed when it changed them.
    public func run(_ words: [String], io: CommandIO? = nil) async throws -> Outcome {
        try await run(words.map { Word(text: $0, start: 0, end: 0) }, io: io)
    }

    /// Runs one command as the tokenizer split it, so unquoted wildcards stay patterns;
    /// with `io`, the command writes there, laid out and painted for those streams.
    public func run(_ words: [Word], io: CommandIO? = nil) async throws -> Outcome {
        guard let name = words.first?.text else { return .proceed }
        guard let type = CommandTable.type(named: name) else { throw ShellError.unknownCommand(name) }
        let parsed = try ParsedCommand.parse(type.spec, tokens: Array(words.dropFirst()))
        // A frame drawn while the command ran gives way to what comes next (an error).
        defer { endLiveScreen() }
        // A search into a pipe or a file draws no frames at the terminal while it loads.
        drawsLiveScreen = io == nil
        defer { drawsLiveScreen = true }
        let reader = (io?.sink ?? output).outputReader
        do {
            let foreground = io == nil ? beginForeground(type, words: words) : nil
            defer { if let foreground, foregroundJob === foreground.job { foregroundJob = nil } }
            let context = CommandContext(shell: self, console: io.map(console(for:)) ?? foreground?.console ?? console)
            let command = try type.init(CommandArguments(parsed))
            let outcome: CommandOutcome
            // A width pinned with --parallel is the command's own: it draws nothing from the budget.
            outcome = try await ConnectionBudget.$exempt.withValue(parsed.values["--parallel"] != nil) {
                if let reader { return try await reader.stoppingWhenGone { try await command.run(context) } }
                return try await command.run(context)
            }
            if case .storeChanged = outcome { try await context.session.refresh() }
            unloadHiddenPanesIfMemoryIsShort()
            switch outcome {
            // Output of its own (a pipe, a file) gets no panes, as a script's with -q.
            case .showPanes, .storeChanged(printPanes: true): if io == nil && foreground?.job.number ?? 0 == 0 { printPanes() }
            case .storeChanged(printPanes: false): break
            case .answered: break
            case .exit(let status): return .exit(status)
            case .differ: return .differ
            }
            return .proceed
        } catch {
            // A reader that went away (`| head -1`) stopped the command: that is no failure.
            if reader?.isGone == true, Self.isStop(error) { return .proceed }
            throw ShellError.of(error, command: type.spec.name)
        }
    }

    /// Whether `error` is what stopping a command gives: a cancellation, or output that could not be written.
    static func isStop(_ error: any Error) -> Bool {
        if case CommandFailure.standardOutput = error { return true }
        return FailureClass.of(error) == .interrupted
    }

    /// Where commands, and the shell itself, write.
    var console: Console { Console(output: output, settings: settings, status: statusLine) }

    /// Where a command run with its own streams writes: the shell's settings with those
    /// streams' facts and no panes (it answers as with -q), and a status line of its own
    /// (the terminal's stays the shell's).
    func console(for io: CommandIO) -> Console {
        var settings = settings
        settings.streams = io.streams
        settings.quiet = true
        return Console(output: io.sink, settings: settings, status: io.status ?? StatusLine(output: io.sink))
    }

    /// The configured cluster called `name`; an unknown name says which are known, and one
    /// the config file defines wrongly says what is wrong where.
    func cluster(named name: String) throws -> Cluster {
        do {
            return try catalog.usableCluster(named: name)
        } catch let error as ClusterError {
            throw ShellError.cluster(error)
        }
    }

    func switchTo(_ cluster: Cluster) async throws {
        session = try await session(of: cluster)
    }

    /// The browser of `cluster`, opened (and kept) the first time it is asked for,
    /// without showing it: `cp` and `mv` between clusters work through it.
    func session(of cluster: Cluster) async throws -> BrowserSession {
        if let existing = sessions[cluster.name] { return existing }
        // One budget of connections a cluster: its transfers, in the foreground and in jobs, share it.
        let store = BudgetedStore(base: try await openStore(cluster), budget: ConnectionBudget(limit: settings.connections))
        let observer: ((LifecycleEvent, Pane) -> Void)? =
            settings.trace
            ? { [console] event, pane in
                console.writeError("trace: \(event.name) \(pane.traceName)\n")
            } : nil
        let new = BrowserSession(clusterName: cluster.name, store: store, cacheLimit: settings.cacheLimit, observer: observer)
        new.panesAreShown = !settings.quiet && !settings.json
        new.nameIndex = settings.cacheFolder.map { NameIndex(path: IndexLocation.path(cache: $0, identity: cluster.accountIdentity)) }
        if settings.streams.liveScreen && !settings.quiet && !settings.json {
            new.onPartialContent = { [unowned self] pane in self.drawPartial(of: pane) }
        }
        try await new.open()
        sessions[cluster.name] = new
        if settings.refreshesIndexInBackground, let index = new.nameIndex, let interval = cluster.indexRefresh {
            backgroundRefresh.startIfDue(index, store: store, interval: interval, cluster: cluster.name)
        }
        return new
    }

    /// The memory-pressure hook: above the budget, hidden panes drop their content.
    func unloadHiddenPanesIfMemoryIsShort() {
        guard let resident = ResidentMemory.bytes(), resident > settings.memoryBudget else { return }
        for session in sessions.values { session.container.handleMemoryPressure() }
    }

    /// Prints both panes, unless `-q` or `--json`, where a frame drawn while loading was.
    public func printPanes() {
        endLiveScreen()
        guard !settings.quiet, !settings.json, !holdsPanes, let session else { return }
        console.write(screenLines(of: session).joined(separator: "\n") + "\n")
    }

    func screenLines(of session: BrowserSession) -> [String] {
        let screen = ScreenComposer.screen(for: session)
        return ScreenRenderer.render(
            screen,
            options: .init(width: settings.streams.output.width(), height: settings.streams.output.rows(), color: settings.streams.output.color))
    }

    /// Redraws the screen in place with a visible pane's content so far (at a bounded rate).
    func drawPartial(of pane: StoragePane) {
        guard pane.isVisible, drawsLiveScreen, let session else { return }
        let live = liveScreen ?? LiveScreen(console: console)
        liveScreen = live
        live.show(screenLines(of: session))
    }

    /// Erases a frame drawn while loading, so the final screen or an error takes its place.
    func endLiveScreen() {
        liveScreen?.finish()
        liveScreen = nil
    }
}
