import Clusters
import Foundation
import GoldenFiles
import ShellCore
import Storage
import XCTest

/// Runs a batch script through the real shell in-process, on a sample store in a
/// temporary directory, and compares stdout, stderr and the exit status with a
/// golden transcript. `OBJSH_RECORD_GOLDENS=1` rewrites the golden and fails, so a
/// new baseline never passes silently.
@MainActor
final class TranscriptHarness {
    let root: String
    let sampleRoot: String
    let localRoot: String

    /// One sample store for every transcript: scripts only read it (writes go to `local`).
    static let sharedSample: String = {
        let path = samplePath
        try! SampleData.materialize(at: path)
        // Shared by the whole run, so it goes when the test process ends.
        atexit { try? FileManager.default.removeItem(atPath: TranscriptHarness.samplePath) }
        return path
    }()
    static let samplePath = NSTemporaryDirectory() + "objsh-sample-\(getpid())"

    init() throws {
        root = NSTemporaryDirectory() + "objsh-transcript-" + UUID().uuidString
        sampleRoot = Self.sharedSample
        localRoot = root + "/local"
        try FileManager.default.createDirectory(atPath: localRoot, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    var catalog: ClusterCatalog {
        ClusterCatalog(clusters: [
            Cluster(name: "local", endpoint: .directory(path: localRoot), origin: "built-in"),
            Cluster(name: "sample", endpoint: .directory(path: sampleRoot), origin: "built-in"),
        ])
    }

    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// Runs `script` on `cluster` at `width`, as `objsh -f` would.
    /// With `start`, the shell opens at that path first, as `objsh CLUSTER:PATH` does.
    /// `live` redraws a loading pane as an interactive terminal session does; `wrap`
    /// puts a test's store around the file store.
    func run(
        _ script: String, cluster: String = "sample", start: String? = nil, width: Int = 80, rows: Int = 8,
        policy: ErrorPolicy = .stop, quiet: Bool = false, trace: Bool = false, json: Bool = false, live: Bool = false,
        memoryBudget: Int = .max, wrap: @escaping @Sendable (any ObjectStore) -> any ObjectStore = { $0 }
    ) async throws -> Result {
        var settings = ShellSettings()
        settings.streams.output.width = { width }
        settings.streams.output.rows = { rows }
        settings.quiet = quiet
        settings.trace = trace
        settings.json = json
        settings.streams.liveScreen = live
        // The whole test run shares one process, whose resident memory says nothing of
        // this script: the default budget would unload hidden panes late in a full run.
        settings.memoryBudget = memoryBudget
        let output = CapturedOutput()
        let shell = Shell(settings: settings, output: output, catalog: catalog) { cluster in
            guard case .directory(let path) = cluster.endpoint else { throw StorageError.unreachable("no such backend") }
            return wrap(FileStore(root: path))
        }
        var status: Int32
        do {
            try await shell.start(cluster: catalog.cluster(named: cluster)!, at: start)
            shell.printPanes()
            status = await ScriptRunner(shell: shell, policy: policy).run(lines: script.components(separatedBy: "\n"))
        } catch let error as ShellError {
            output.writeError("objsh: \(error.printableMessage)\n")
            status = error.exitStatus
        }
        let clean = { (text: String) in
            Self.maskingRecentDates(
                text.replacingOccurrences(of: self.root, with: "$TMP").replacingOccurrences(of: Self.sharedSample, with: "$SAMPLE"))
        }
        return Result(stdout: clean(output.standardOutput), stderr: clean(output.standardError), status: status)
    }

    /// Dates of the last day (objects the script itself stored) as `$NOW`; the sample's
    /// fixed dates stay as they are.
    static func maskingRecentDates(_ text: String) -> String {
        let pattern = try! NSRegularExpression(pattern: "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
        let formatter = ISO8601DateFormatter()
        var masked = text
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range, in: text), let date = formatter.date(from: String(text[range])),
                abs(date.timeIntervalSinceNow) < 86_400
            else { continue }
            masked.replaceSubrange(range, with: "$NOW")
        }
        return masked
    }

    /// The transcript as stored: the script, then each stream, then the status.
    static func transcript(script: String, _ result: Result) -> String {
        "== script\n\(script)\n== stdout\n\(result.stdout)== stderr\n\(result.stderr)== status \(result.status)\n"
    }

    /// Compares with `Transcripts/NAME.txt` beside this file.
    static func assertMatches(_ name: String, script: String, _ result: Result, file: StaticString = #filePath, line: UInt = #line) {
        GoldenFile.assertMatches(
            transcript(script: script, result), named: name,
            in: GoldenFile.folder("Transcripts", besideSource: #filePath), file: file, line: line)
    }
}
