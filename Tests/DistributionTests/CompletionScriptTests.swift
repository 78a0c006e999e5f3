import Foundation
import XCTest

/// The committed completion scripts are what the binary generates, and bash, zsh
/// and fish really complete options and cluster names with them.
final class CompletionScriptTests: XCTestCase {
    static let scripts = ["bash": "completions/objsh.bash", "zsh": "completions/_objsh", "fish": "completions/objsh.fish"]

    func testCommittedScriptsMatchTheBinary() throws {
        try Sandbox.run { sandbox in
            for (shell, path) in Self.scripts.sorted(by: { $0.key < $1.key }) {
                let generated = try sandbox.objsh(["--generate-completion-script", shell])
                XCTAssertEqual(generated.status, 0, "objsh --generate-completion-script \(shell) failed:\n\(generated.transcript)")
                let committed = try? String(contentsOf: PackageLayout.file(path), encoding: .utf8)
                XCTAssertTrue(
                    committed == generated.output,
                    "\(path) differs from objsh --generate-completion-script \(shell): run scripts/update-completions")
            }
        }
    }

    func testBashCompletesAnOptionAndAClusterName() throws {
        let bash = try Tool.path("bash", package: "bash")
        try Sandbox.run { sandbox in
            XCTAssertEqual(try Self.bashCompletions(bash, ["objsh", "--cl"], sandbox), ["--cluster"])
            XCTAssertEqual(try Self.bashCompletions(bash, ["objsh", "--cluster", "sa"], sandbox), ["sample"])
            XCTAssertEqual(try Self.bashCompletions(bash, ["objsh", "--cluster", ""], sandbox), ["local", "sample"])
        }
    }

    /// COMPREPLY after sourcing the committed script and calling its function as bash's
    /// `complete -F` would, with the cursor at the end of the last word.
    static func bashCompletions(_ bash: String, _ words: [String], _ sandbox: Sandbox) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source \(PackageLayout.file(scripts["bash"]!).path)
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _objsh objsh "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Tool.run(bash, ["--norc", "--noprofile", "-c", script], environment: sandbox.environment)
        guard result.status == 0 else { throw ToolFailure(description: "bash completion of \(words) failed:\n\(result.transcript)") }
        return result.output.split(separator: "\n").map(String.init)
    }

    func testFishCompletesEveryOption() throws {
        let fish = try Tool.path("fish", package: "fish")
        try Sandbox.run { sandbox in
            let help = try sandbox.objsh(["--help"])
            let options = CommandLineHelp.options(in: help.output).joined()
            XCTAssertTrue(options.contains("--cluster"), "could not read the options from objsh --help:\n\(help.transcript)")
            // fish 3 gives no cursor position to `complete -C` outside an interactive
            // session, so the generated script cannot ask the binary for cluster names here.
            let script = "source \(PackageLayout.file(Self.scripts["fish"]!).path); complete -C 'objsh -'"
            let result = try Tool.run(fish, ["--no-config", "-c", script], environment: sandbox.environment)
            XCTAssertEqual(result.status, 0, "fish completion failed:\n\(result.transcript)")
            let offered = Set(result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
            for option in options where !offered.contains(option) {
                XCTFail("fish does not complete the option \(option) of objsh --help; it offers \(offered.sorted())")
            }
        }
    }

    func testZshCompletesAnOptionAndAClusterName() throws {
        let zsh = try Tool.path("zsh", package: "zsh")
        try Sandbox.run { sandbox in
            let syntax = try Tool.run(zsh, ["-n", PackageLayout.file(Self.scripts["zsh"]!).path], environment: sandbox.environment)
            XCTAssertEqual(syntax.status, 0, "zsh -n completions/_objsh:\n\(syntax.transcript)")
            XCTAssertEqual(try Self.zshCompletions(zsh, "objsh --cl", sandbox), ["--cluster"])
            XCTAssertEqual(try Self.zshCompletions(zsh, "objsh --cluster sa", sandbox), ["sample"])
        }
    }

    /// What zsh offers for `line` and a TAB, with the committed `_objsh` loaded by compinit.
    static func zshCompletions(_ zsh: String, _ line: String, _ sandbox: Sandbox) throws -> [String] {
        // compinit reads _objsh from a directory that holds only it.
        let functions = sandbox.root.appendingPathComponent("zsh-functions")
        try? FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: functions.appendingPathComponent("_objsh"))
        try FileManager.default.copyItem(at: PackageLayout.file(scripts["zsh"]!), to: functions.appendingPathComponent("_objsh"))
        let output = sandbox.root.appendingPathComponent("zsh-completions.txt")
        let driver = PackageLayout.file("Tests/DistributionTests/Drivers/zsh-complete.zsh").path
        let result = try Tool.run(zsh, ["-f", driver, functions.path, output.path, line], environment: sandbox.environment)
        guard result.status == 0 else { throw ToolFailure(description: "zsh completion of '\(line)' failed:\n\(result.transcript)") }
        return try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}
