import Foundation
import Rendering
import ShellCore
import XCTest

/// `man/objsh.1` is clean mdoc, renders with man(1), and describes every shell
/// command of `CommandTable` and every command-line option the binary has.
final class ManPageTests: XCTestCase {
    let manURL = PackageLayout.file("man/objsh.1")

    func testMandocLintReportsNothing() throws {
        let mandoc = try Tool.path("mandoc", package: "mandoc")
        let result = try Tool.run(mandoc, ["-Tlint", manURL.path], environment: ProcessInfo.processInfo.environment)
        XCTAssertLessThanOrEqual(result.status, 1, "mandoc -Tlint could not check man/objsh.1:\n\(result.transcript)")
        // The page cross-references only sftp(1), which Debian always has; scripts/test
        // indexes the manuals, so any message at all is a problem of the page.
        let messages = (result.output + "\n" + result.errorOutput).split(separator: "\n")
        XCTAssertEqual(messages, [], "mandoc -Tlint man/objsh.1 reports problems:\n\(messages.joined(separator: "\n"))")
    }

    func testManRendersThePage() throws {
        let man = try Tool.path("man", package: "man-db")
        var environment = ProcessInfo.processInfo.environment
        environment["MANPAGER"] = "cat"
        environment["MANWIDTH"] = "80"
        let result = try Tool.run(man, ["-l", manURL.path], environment: environment)
        XCTAssertEqual(result.status, 0, "man -l man/objsh.1 failed:\n\(result.transcript)")
        XCTAssertEqual(result.errorOutput, "", "man -l man/objsh.1 warns:\n\(result.errorOutput)")
        XCTAssertTrue(result.output.contains("SHELL COMMANDS"), "man -l man/objsh.1 shows no SHELL COMMANDS:\n\(result.output)")
    }

    func testHasTheSectionsInOrder() throws {
        let expected = [
            "NAME", "SYNOPSIS", "DESCRIPTION", "SHELL COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES",
            "EXIT STATUS", "EXAMPLES", "SEE ALSO",
        ]
        XCTAssertEqual(try ManPage(contentsOf: manURL).sectionNames, expected, "man/objsh.1 sections (.Sh) differ")
    }

    /// Every field a JSON record can have (records are written through `JSONField`
    /// only) is in the man page's list under "JSON output", and the list names no other.
    func testListsEveryJSONField() throws {
        let page = try ManPage(contentsOf: manURL).section("OPTIONS")
        guard let start = page.firstIndex(of: ".Ss JSON output") else { return XCTFail("man/objsh.1: no .Ss JSON output") }
        let listed = Set(
            page[start...].prefix { $0 != ".El" }.filter { $0.hasPrefix(".It Li ") }.flatMap { line in
                line.dropFirst(7).components(separatedBy: " , ").map { $0.trimmingCharacters(in: .whitespaces) }
            })
        let fields = Set(JSONField.allCases.map(\.rawValue))
        for field in fields.subtracting(listed) { XCTFail("man/objsh.1: JSON output does not list \(field)") }
        for field in listed.subtracting(fields) { XCTFail("man/objsh.1: JSON output lists \(field), which no record has") }
    }

    func testDescribesEveryShellCommandWithItsAliasesOptionsAndExample() throws {
        let items = try ManPage(contentsOf: manURL).items(in: "SHELL COMMANDS")
        for command in CommandTable.commands {
            guard let item = items.first(where: { $0.headWords(after: "Ic").first == command.name }) else {
                XCTFail("man/objsh.1: SHELL COMMANDS has no `.It Ic \(command.name)` item for the shell command \(command.name)")
                continue
            }
            for alias in command.aliases where !item.allWords(after: "Ic").contains(alias) {
                XCTFail("man/objsh.1: the item of \(command.name) does not name its alias \(alias) (`.Ic \(alias)`)")
            }
            for option in command.options where !item.allFlags.contains(option.name) {
                XCTFail("man/objsh.1: the item of \(command.name) does not describe its option \(option.name) (`.Fl \(option.name.dropFirst())`)")
            }
            let example = command.details.components(separatedBy: "\n").first { $0.hasPrefix("Example: ") }?.dropFirst(9)
            if let example, !item.examples.contains(String(example)) {
                XCTFail("man/objsh.1: the item of \(command.name) lacks CommandTable's example `\(example)` as a .Dl line; it has \(item.examples)")
            }
        }
        let known = Set(CommandTable.commands.map(\.name))
        for item in items where !known.contains(item.headWords(after: "Ic").first ?? "") {
            XCTFail("man/objsh.1: SHELL COMMANDS describes `\(item.head)`, which CommandTable does not have")
        }
    }

    func testDescribesEveryCommandLineOption() throws {
        let help = try Sandbox.run { try $0.objsh(["--help"]) }
        let options = CommandLineHelp.options(in: help.output)
        XCTAssertTrue(options.contains(["--cluster"]), "could not read the options from objsh --help:\n\(help.transcript)")
        let described = try ManPage(contentsOf: manURL).items(in: "OPTIONS").flatMap(\.headFlags)
        for spelling in options.joined() where !described.contains(spelling) {
            XCTFail("man/objsh.1: OPTIONS has no `.It Fl \(spelling.dropFirst())` for the command-line option \(spelling) of objsh --help")
        }
        let listed = Set(options.joined())
        for spelling in described where !listed.contains(spelling) {
            XCTFail("man/objsh.1: OPTIONS describes \(spelling), which objsh --help does not list")
        }
    }

    func testListsEveryExitStatus() throws {
        let statuses = ExitStatus.all
        let listed = try ManPage(contentsOf: manURL).items(in: "EXIT STATUS").map { $0.head.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(listed, statuses.map(String.init), "man/objsh.1: EXIT STATUS differs from ExitStatus")
    }
}
