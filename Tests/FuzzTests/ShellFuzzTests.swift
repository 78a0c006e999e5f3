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

    /// The class of input that found `cd photos; info ..`: whole command lines run by the
    /// shell on a file store, errors allowed, crashes not.
    @MainActor
    func testTheShellRunsAnyLineOnAFileStore() async throws {
        let root = NSTemporaryDirectory() + "objsh-fuzz-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try SampleData.materialize(at: root + "/sample")
        try FileManager.default.createDirectory(atPath: root + "/local", withIntermediateDirectories: true)
        let catalog = ClusterCatalog(clusters: [
            Cluster(name: "sample", endpoint: .directory(path: root + "/sample"), origin: "built-in"),
            Cluster(name: "local", endpoint: .directory(path: root + "/local"), origin: "built-in"),
        ])
        let shell = Shell(settings: ShellSettings(), output: CapturedOutput(), catalog: catalog) { cluster in
            guard case .directory(let path) = cluster.endpoint else { throw StorageError.unreachable("no such backend") }
            return FileStore(root: path)
        }
        try await shell.start(cluster: catalog.cluster(named: "sample")!)
        let directory = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(directory) }
        FileManager.default.changeCurrentDirectoryPath(root + "/local")
        var input = FuzzInput(seed: 99)
        let trace = FuzzTrace()
        for index in 0..<FuzzInput.count(default: 20_000) {
            // Nothing that deletes the store under test, leaves, or writes outside the sandbox.
            let line = input.line()
            guard let commands = try? Tokenizer.commands(in: line) else { continue }
            trace.record(index, line)
            for words in commands where !["rm", "delete", "exit", "quit", "lcd", "upload", "put"].contains(words.first?.text ?? "") {
                _ = try? await shell.run(words.map(\.text))
            }
        }
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
