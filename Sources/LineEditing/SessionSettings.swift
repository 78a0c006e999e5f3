import Foundation
import Rendering
import ShellCore

/// What the command line asked of a session, before the terminal is looked at.
public struct SessionChoices: Sendable {
    public var quiet = false
    public var json = false
    public var trace = false
    public var debug = false
    public var cacheLimit = 3
    public var color = ColorChoice.auto
    /// `--progress`: a progress line also in scripts.
    public var progress = false
    /// Whether commands come from `-c` or `-f`, so that standard input is data.
    public var commandsComeFromArguments = false
    /// Where a folder `mv` keeps its journal, and the cache folder (nil: no index).
    public var journalFolder = NSTemporaryDirectory() + "objsh-journal"
    /// objsh's config file (`cluster add`, `cluster rm`).
    public var configFile: String?
    public var cacheFolder: String?
    /// The connections each cluster's transfers share (`OBJSH_CONNECTIONS`); nil: the default.
    public var connections: Int?

    public init() {}
}

extension ShellSettings {
    /// The settings of a session: what was asked, fitted to the terminal it runs at and to
    /// whether it runs a script (the policy in one place, not in the executable).
    public static func forSession(
        _ choices: SessionChoices, terminal: Terminal, script: Bool
    ) -> ShellSettings {
        var settings = ShellSettings()
        settings.journalFolder = choices.journalFolder
        settings.configFile = choices.configFile
        settings.cacheFolder = choices.cacheFolder
        settings.quiet = choices.quiet
        settings.json = choices.json
        settings.trace = choices.trace
        settings.cacheLimit = choices.cacheLimit
        if let connections = choices.connections { settings.connections = connections }
        settings.streams = .ofProcess(choices, terminal: terminal, script: script)
        // index_refresh: a person's session only (see BackgroundIndexRefresh for why).
        settings.refreshesIndexInBackground = !script
        return settings
    }
}

extension CommandStreams {
    /// The process's standard streams as a session of `choices` at `terminal` finds them.
    static func ofProcess(_ choices: SessionChoices, terminal: Terminal, script: Bool) -> CommandStreams {
        var streams = CommandStreams()
        streams.output.isTerminal = terminal.outputIsTerminal
        streams.output.color = choices.color.paints(terminalAllowsColor: terminal.allowsColor, script: script)
        streams.output.width = { terminal.columns() }
        streams.output.rows = { terminal.paneRows() }
        streams.errors.isTerminal = isatty(STDERR_FILENO) == 1
        streams.errors.color = choices.color.paints(terminalAllowsColor: terminal.errorsAllowColor, script: script)
        streams.progress = choices.progress || (!script && streams.errors.isTerminal)
        // Lines on standard error (--debug, --trace) would slip between the frames redrawn in place.
        streams.liveScreen = !script && terminal.outputIsTerminal && !choices.debug && !choices.trace
        // Only a person at the terminal is asked (rm -r); scripts never are.
        if !script {
            streams.confirm = { @Sendable question in await Confirmation.ask(question) }
            streams.ask = { @Sendable prompt, hidden in await Confirmation.answer(prompt, hidden: hidden) }
        }
        // Standard input is data (`upload - NAME`) only where the commands come from elsewhere.
        if choices.commandsComeFromArguments {
            streams.dataInput = DataInput(descriptor: STDIN_FILENO, interrupts: ScriptInterrupts())
        }
        return streams
    }
}
