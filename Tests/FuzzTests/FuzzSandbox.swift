import Clusters
import Foundation
import ShellCore
import Storage

/// One shell on two file stores, everything it may write inside one temporary folder:
/// the stores, the local folder (`lcd` there first), `HOME`, the index cache, the `mv`
/// journal and `upload -`'s standard input. Each line runs as at the prompt (`;`, a
/// leading `-`), but a command whose local paths lead out of the local folder, a line
/// with a redirection out of it, a local (`!`, `|`) command, a job or an alias, is skipped, and the local
/// folder is put back whenever it has left: the fuzz never touches a file outside.
@MainActor
final class FuzzSandbox {
    /// The temporary folder, as the system names it (links resolved).
    let root: String
    /// The local folder, inside `root`: the only local place commands may name.
    var localRoot: String { root + "/local" }
    nonisolated static let clusterNames = ["sample", "spare"]
    let shell: Shell
    let output: FuzzOutput
    private let input: Int32
    /// Lines and commands skipped for naming a place outside.
    private(set) var skipped = 0
    /// Commands run, by how they ended: `done`, or the class of their error.
    private(set) var outcomes: [String: Int] = [:]

    init(in parent: String) async throws {
        let made = parent + "/objsh-fuzz-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
        let root = Self.resolved(made)
        self.root = root
        for folder in ["local/home", "cache", "journal", "stores/spare"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try Self.makeSmallSample(at: root + "/stores/sample")
        try Data("standard input for upload -\n".utf8).write(to: URL(fileURLWithPath: root + "/input"))
        input = open(root + "/input", O_RDONLY | O_CLOEXEC)
        var settings = ShellSettings()
        settings.journalFolder = root + "/journal"
        settings.cacheFolder = root + "/cache"
        settings.streams.dataInput = DataInput(descriptor: input, interrupts: NoInterrupts())
        let answers = Answers()
        settings.streams.confirm = { _ in answers.next() }
        // `~` is a folder inside the local folder, so `lcd ~` and `get x ~/y` stay in.
        setenv("HOME", root + "/local/home", 1)
        let clusters = Self.clusterNames.map { Cluster(name: $0, endpoint: .directory(path: root + "/stores/" + $0), origin: "built-in") }
        let catalog = ClusterCatalog(clusters: clusters)
        let output = FuzzOutput()
        self.output = output
        shell = Shell(settings: settings, output: output, catalog: catalog) { cluster in
            guard case .directory(let path) = cluster.endpoint else { throw StorageError.unreachable("no such backend") }
            return FileStore(root: path)
        }
        try await shell.start(cluster: clusters[0])
        try await returnHome()
    }

    /// Closes `upload -`'s input and removes the folder.
    func remove() {
        close(input)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The sample store, with 20 of its 1,500 logs: the same shapes, listed in a fraction of the time.
    static func makeSmallSample(at path: String) throws {
        try SampleData.materialize(at: path)
        let logs = path + "/backups/logs/2024"
        for name in try FileManager.default.contentsOfDirectory(atPath: logs) where name > "app-0020.log" {
            try FileManager.default.removeItem(atPath: logs + "/" + name)
        }
    }

    /// Runs one line; errors are the shell's to tell, a crash ends the run.
    func run(_ line: String) async {
        guard lineStaysInside(line) else {
            skipped += 1
            return
        }
        let runner = LineRunner(shell: shell, continuesAfterFailure: true) { [unowned self] words, io in
            if !self.isInside(self.shell.localFolder) { try await self.returnHome() }
            guard self.commandStaysInside(words) else {
                self.skipped += 1
                return .proceed
            }
            do {
                let outcome = try await self.shell.run(words, io: io)
                self.outcomes["done", default: 0] += 1
                return outcome
            } catch {
                self.outcomes["\(FailureClass.of(error))", default: 0] += 1
                throw error
            }
        }
        _ = await runner.run(line)
    }

    private func returnHome() async throws {
        _ = try await shell.run(["lcd", localRoot])
    }

    /// No local command (`!`, a pipe's reader), no job, no alias (its line could hold one), and
    /// no redirection out of the local folder.
    private func lineStaysInside(_ line: String) -> Bool {
        guard let list = try? Tokenizer.parse(line) else { return true }  // a syntax error runs nothing
        // A job (`&`) runs through the shell, not through this sandbox's check of each command.
        if list.entries.contains(where: { $0.pipeline.filter != nil || $0.runsInBackground }) { return false }
        if list.simpleCommands.contains(where: { $0.words.first.map { $0.text.drop { $0 == "-" } == "alias" } ?? false }) { return false }
        for stage in list.entries.flatMap(\.pipeline.stages) {
            switch stage {
            case .local: return false
            case .shell(let command):
                if !command.redirections.allSatisfy({ isInside(local($0.target.text)) }) { return false }
            }
        }
        return true
    }

    /// Whether every local path of the command (operands and option values of kind
    /// `.localPath`, `file:` places) lies in the local folder.
    func commandStaysInside(_ words: [Word]) -> Bool {
        guard let name = words.first?.text, let spec = CommandTable.command(named: name),
            let parsed = try? ParsedCommand.parse(spec, tokens: Array(words.dropFirst()))
        else { return true }  // the shell refuses it before it runs
        var locals: [String] = []
        for (kind, text) in zip(Self.operandKinds(spec, count: parsed.operands.count), parsed.operands) {
            if kind == .localPath && text != "-" { locals.append(text) }
            if kind == .place && text.hasPrefix("file:") { locals.append(String(text.dropFirst(5))) }
        }
        for option in spec.options where option.value == .localPath { locals += parsed.valueLists[option.name] ?? [] }
        return locals.allSatisfy { isInside(local($0.isEmpty ? "." : $0)) }
    }

    /// The kind of each of `count` operands: the repeating operand takes the words beyond the others.
    static func operandKinds(_ spec: CommandSpec, count: Int) -> [ArgumentKind] {
        guard let repeating = spec.operands.firstIndex(where: \.isRepeating), count > spec.operands.count else {
            return spec.operands.map(\.kind)
        }
        let extra = count - spec.operands.count
        return spec.operands[..<repeating].map(\.kind) + Array(repeating: spec.operands[repeating].kind, count: extra + 1)
            + spec.operands[(repeating + 1)...].map(\.kind)
    }

    /// A typed local path as the shell makes it: `~` expanded, a relative one below the local folder.
    func local(_ typed: String) -> String {
        let expanded = (typed as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : shell.localFolder + "/" + expanded
    }

    /// Whether `path`, its `..` taken as written (and cut at a NUL as the system would), is in the local folder.
    func isInside(_ path: String) -> Bool {
        let cut = path.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        return [path, cut].allSatisfy { candidate in
            var parts: [Substring] = []
            for part in candidate.split(separator: "/") where part != "." {
                if part == ".." { _ = parts.popLast() } else { parts.append(part) }
            }
            let normal = "/" + parts.joined(separator: "/")
            return normal == localRoot || normal.hasPrefix(localRoot + "/")
        }
    }

    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

/// What the fuzzed shell writes: standard output counted and dropped; errors kept only
/// when they say a write met a read-only file system (`scripts/fuzz` mounts everything
/// outside the sandbox read-only, so such an error is a write that escaped).
final class FuzzOutput: ShellOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = 0
    private var escapes: [String] = []

    func write(_ text: String) { lock.withLock { bytes += text.utf8.count } }
    func writeError(_ text: String) {
        guard text.localizedCaseInsensitiveContains("read-only file system") else { return }
        lock.withLock { escapes.append(text) }
    }
    /// Error lines that name a read-only file system.
    var escapedWrites: [String] { lock.withLock { escapes } }
}

/// Nothing interrupts a fuzzed command.
struct NoInterrupts: InterruptScope {
    func cancellingOnInterrupt<Value: Sendable>(_ work: nonisolated(nonsending) @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await work()
    }
    var isInterrupted: Bool { false }
}

/// Yes and no in turn, for the questions a command asks at a terminal.
final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Bool {
        lock.withLock {
            count += 1
            return count % 2 == 0
        }
    }
}
