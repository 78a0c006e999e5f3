import Browser
import Clusters
import Foundation
import ShellCore
import Storage
import XCTest

/// Random and mutated input for every part that reads what a person types: none may
/// crash or throw an error of a kind its caller does not expect.
final class ShellFuzzTests: XCTestCase {
    func testTokenizerAndParserTakeAnyLine() throws {
        var input = FuzzInput(seed: 20_261_123)
        for _ in 0..<FuzzInput.count(default: 200_000) {
            let line = input.line()
            _ = Tokenizer.partial(line)
            let commands: [[Word]]
            do {
                commands = try Tokenizer.commands(in: line)
            } catch is SyntaxError {
                continue
            }
            for words in commands {
                guard let name = words.first?.text, let spec = CommandTable.command(named: name) else { continue }
                do {
                    _ = try ParsedCommand.parse(spec, words: words.dropFirst().map(\.text))
                } catch is ShellError {}
            }
        }
    }

    func testCompletionTakesAnyLineAndCursor() async throws {
        var input = FuzzInput(seed: 7)
        let context = NamesContext()
        for _ in 0..<FuzzInput.count(default: 100_000) {
            let line = input.line()
            let length = line.unicodeScalars.count
            let cursor = input.below(length + 3) - 1  // also just outside the line
            let result = await Completer.complete(line: line, cursor: cursor, context: context)
            XCTAssertLessThanOrEqual(result.replacementStart, max(length, 0), "line \(line.debugDescription) cursor \(cursor)")
            XCTAssertGreaterThanOrEqual(result.replacementStart, 0, "line \(line.debugDescription) cursor \(cursor)")
        }
    }

    /// Whole lines over the whole command table (`CommandLineFuzz`) run by the shell on
    /// file stores, in a sandbox that nothing leaves: errors allowed, crashes not. A short
    /// share here; `scripts/fuzz` runs 1,000,000 lines (OBJSH_FUZZ_INPUTS, from line
    /// OBJSH_FUZZ_START of seed OBJSH_FUZZ_SEED) with everything outside read-only.
    @MainActor
    func testTheShellRunsAnyLineOnAFileStore() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["OBJSH_FUZZ_SEED"].flatMap(UInt64.init) ?? 99
        let start = environment["OBJSH_FUZZ_START"].flatMap(Int.init) ?? 0
        let count = FuzzInput.count(default: 2_000)
        let home = environment["HOME"]
        defer { if let home { setenv("HOME", home, 1) } }
        let trace = FuzzTrace()
        var run = FuzzRun()
        let started = ContinuousClock.now
        for index in start..<(start + count) {
            let sandbox = try await run.sandbox(for: index)
            let line = CommandLineFuzz(localRoot: sandbox.localRoot, clusters: FuzzSandbox.clusterNames).line(seed: seed, index: index)
            trace.record(index, line)
            await sandbox.run(line)
        }
        run.finish()
        let elapsed = (ContinuousClock.now - started).components
        let seconds = max(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, 1e-3)
        let outcomes = run.outcomes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "fuzz: \(count) lines from line \(start) of seed \(seed), 0 crashes, \(Int(Double(count) / seconds)) lines/s; "
                + "commands: \(outcomes); \(run.skipped) skipped (a local path outside)")
        XCTAssertEqual(run.escapedWrites, [], "a write left the sandbox")
    }

    /// Lines that crashed the shell once, each run alone in a fresh sandbox (`{LOCAL}` is its local folder).
    @MainActor
    func testLinesThatCrashedOnceRun() async throws {
        let home = ProcessInfo.processInfo.environment["HOME"]
        defer { if let home { setenv("HOME", home, 1) } }
        for line in FuzzRegressions.lines {
            let sandbox = try await FuzzSandbox(in: NSTemporaryDirectory())
            defer { sandbox.remove() }
            await sandbox.run(line.replacingOccurrences(of: "{LOCAL}", with: sandbox.localRoot))
        }
    }

    /// The generator reaches every command by each name, every option by each spelling,
    /// cluster prefixes known and not, patterns and the special places.
    func testTheLinesCoverTheWholeCommandTable() throws {
        let generator = CommandLineFuzz(localRoot: "/tmp/objsh-fuzz/local", clusters: FuzzSandbox.clusterNames)
        var seen: Set<String> = []
        for index in 0..<6_000 {
            guard let commands = try? Tokenizer.commands(in: generator.line(seed: 1, index: index)) else { continue }
            for words in commands {
                guard let name = words.first?.text, let spec = CommandTable.command(named: name) else { continue }
                seen.insert(name)
                for word in words.dropFirst() {
                    seen.insert(spec.name + " " + word.text)
                    if word.pattern != nil { seen.insert("a pattern") }
                    if ["..", "/", "-", "~", "file:..", "../.."].contains(word.text) { seen.insert("place " + word.text) }
                    for cluster in FuzzSandbox.clusterNames + ["nope"] where word.text.hasPrefix(cluster + ":") { seen.insert(cluster + ":") }
                }
            }
        }
        var wanted = Set(CommandTable.allNames + ["a pattern", "nope:"] + FuzzSandbox.clusterNames.map { $0 + ":" })
        wanted.formUnion(["..", "/", "-", "~", "file:..", "../.."].map { "place " + $0 })
        for spec in CommandTable.commands { wanted.formUnion(spec.options.flatMap(\.spellings).map { spec.name + " " + $0 }) }
        XCTAssertEqual(wanted.subtracting(seen).sorted(), [])
    }

    func testTheConfigParserTakesAnyText() throws {
        var input = FuzzInput(seed: 3)
        let pieces = [
            "[cluster a]", "[cluster ]", "[cluster", "[other x]", "type = swift", "type = file", "type = s3", "type=",
            "auth_url = http://x/auth/v1.0", "user = u", "key = k", "key_command = printf k", "storage_url = http://x/v1/A",
            "token = t", "path = ~/x", "insecure = maybe", "insecure = true", "# c", "; c", "=", "key", " = value", "\u{0}",
            "[cluster b]\ntype = file\npath = /tmp", "é = ü",
        ]
        let parser = ClusterConfigParser(path: "/tmp/objsh-fuzz-config", home: "/home/fuzz")
        for _ in 0..<FuzzInput.count(default: 100_000) {
            var text = ""
            for _ in 0..<input.below(8) { text += input.pick(pieces) + (input.below(5) == 0 ? "" : "\n") }
            if input.below(3) == 0 { text = input.mutated(text) }
            do {
                _ = try parser.parse(text)
            } catch is ClusterError {}
        }
    }
}

/// A completion context with a few names in every folder, without a store.
struct NamesContext: CompletionContext {
    let currentFolder = Location(segments: ["photos"])
    let homeDirectory = "/home/fuzz"
    let clusterNames = ["local", "sample"]

    func remoteNames(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList {
        let names = [
            CompletionCandidate(name: "2024", isFolder: true), CompletionCandidate(name: "a b'c\"", isFolder: false),
            CompletionCandidate(name: "//photos/a/", isFolder: true), CompletionCandidate(name: "\u{1B}x", isFolder: false),
        ]
        return CandidateList(candidates: names.filter { $0.name.hasPrefix(prefix) && (!foldersOnly || $0.isFolder) }, isComplete: true)
    }

    /// IDs as a hostile server could send them, a control character among them.
    func versionIDs(of object: Location) async throws -> [String] {
        ["1795575699.50352", "\u{1B}[31m1"]
    }

    func localNames(directory: String, prefix: String) -> [CompletionCandidate] {
        [CompletionCandidate(name: "x y", isFolder: false)].filter { $0.name.hasPrefix(prefix) }
    }
}
