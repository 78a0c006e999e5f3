import Foundation
import ShellCore
import XCTest

/// The shell's own `help` names every command, alias and option of `CommandTable`.
final class HelpOutputTests: XCTestCase {
    func testHelpListsEveryCommand() throws {
        let result = try Sandbox.run { try $0.objsh(["--cluster", $0.store, "-q", "-c", "help"]) }
        XCTAssertEqual(result.status, 0, "objsh -c help failed:\n\(result.transcript)")
        let firstWords = Set(result.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        for command in CommandTable.commands where !firstWords.contains(command.name) {
            XCTFail("help does not list the command \(command.name):\n\(result.output)")
        }
    }

    func testCommandHelpNamesItsAliasesAndOptions() throws {
        try Sandbox.run { sandbox in
            for command in CommandTable.commands {
                let result = try sandbox.objsh(["--cluster", sandbox.store, "-q", "-c", "help \(command.name)"])
                XCTAssertEqual(result.status, 0, "objsh -c 'help \(command.name)' failed:\n\(result.transcript)")
                let words = Self.words(of: result.output)
                for alias in command.aliases where !words.contains(alias) {
                    XCTFail("help \(command.name) does not name its alias \(alias):\n\(result.output)")
                }
                for option in command.options where !words.contains(option.name) {
                    XCTFail("help \(command.name) does not name its option \(option.name):\n\(result.output)")
                }
            }
        }
    }

    /// The words of a text without the brackets and punctuation around them (`[-l]` is `-l`).
    static func words(of text: String) -> Set<String> {
        Set(text.split(whereSeparator: \.isWhitespace).map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "[](),:;")) })
    }
}
