import CommandLineCompletion
import Foundation

/// The program's entry: the OS shells' completion requests (`--complete`, see
/// `OSShellCompletion`), which take raw words no option parser should see; the
/// completion scripts, which are the parser's with objsh's entry function
/// (`CompletionScripts`); everything else through swift-argument-parser.
@main
enum Entry {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--complete" {
            exit(await OSShellCompletion.run(Array(arguments.dropFirst()), placeOptions: Objsh.placeOptions))
        }
        if let shell = completionScriptShell(arguments) {
            do {
                print(try CompletionScripts.script(for: shell, of: Objsh.self), terminator: "")
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("objsh: \(error)\n".utf8))
                exit(64)
            }
        }
        await Objsh.main()
    }

    /// The shell of `--generate-completion-script SHELL` (or `=SHELL`) given alone.
    static func completionScriptShell(_ arguments: [String]) -> String? {
        let option = "--generate-completion-script"
        if arguments.count == 2 && arguments[0] == option { return arguments[1] }
        if arguments.count == 1 && arguments[0].hasPrefix(option + "=") { return String(arguments[0].dropFirst(option.count + 1)) }
        return nil
    }
}
