import XCTest

@testable import ShellCore

/// Each command's type reads its options through its own row of the table, so an
/// option the code asks for but the table lacks fails here, before any user meets it.
@MainActor
final class CommandTableTests: XCTestCase {
    func testEveryCommandDecodesWithEveryOptionItsCodeReads() async throws {
        for type in CommandTable.types {
            let spec = type.spec
            let operands = spec.operands.filter { !$0.isOptional }.map { _ in "x" }
            do {
                _ = try type.init(CommandArguments(try ParsedCommand.parse(spec, words: operands)))
            } catch let mismatch as CommandTableMismatch {
                XCTFail("\(spec.name) reads \(mismatch.option), which its row does not list")
            }
        }
    }

    func testAnOptionMissingFromTheRowIsCaught() async throws {
        let arguments = CommandArguments(try ParsedCommand.parse(BackCommand.spec, words: []))
        XCTAssertThrowsError(try arguments.flag(ListCommand.long)) { error in
            XCTAssertEqual(error as? CommandTableMismatch, CommandTableMismatch(command: "back", option: "-l"))
        }
        XCTAssertThrowsError(
            try CommandArguments(try ParsedCommand.parse(GetCommand.spec, words: ["x"])).flag(GetCommand.parallel),
            "a value option read as a flag")
    }

    func testEveryNameRunsItsOwnType() async {
        for type in CommandTable.types {
            for name in type.spec.names {
                XCTAssertTrue(CommandTable.type(named: name) == type, name)
            }
        }
        XCTAssertEqual(Set(CommandTable.allNames).count, CommandTable.allNames.count, "a name used twice")
    }

    func testTypedValuesAreCheckedAtDecoding() async throws {
        let words = ["--parallel", "65", "a"]
        XCTAssertThrowsError(try GetCommand(CommandArguments(try ParsedCommand.parse(GetCommand.spec, words: words)))) { error in
            XCTAssertEqual((error as? ShellError)?.message, "get: --parallel takes a number from 1 to 64\nusage: " + GetCommand.spec.synopsis)
        }
        let upload = try UploadCommand(CommandArguments(try ParsedCommand.parse(UploadCommand.spec, words: ["--segment-size", "8M", "f"])))
        XCTAssertEqual(upload.options.segmentBytes, 8 << 20)
    }
}
