import ShellCore
import XCTest

/// The tokenizer's tree: `;` and `&` end commands, `|` joins them, `>`/`>>` redirect,
/// `!` at a command's start is the local shell's; quoted or escaped, each is a character.
final class LineSyntaxTests: XCTestCase {
    private func shape(_ line: String) throws -> [String] {
        try Tokenizer.parse(line).entries.map { entry in
            let stages = entry.pipeline.stages.map { stage -> String in
                switch stage {
                case .local(let text): return "!" + text
                case .shell(let command):
                    let words = command.words.map(\.text).joined(separator: " ")
                    return ([words] + command.redirections.map { "\($0.mode.rawValue)\($0.target.text)" }).joined(separator: " ")
                }
            }
            let filter = entry.pipeline.filter.map { " |" + $0 } ?? ""
            return stages[0] + filter + (entry.runsInBackground ? " &" : "")
        }
    }

    func testOperatorsBuildTheTree() throws {
        XCTAssertEqual(try shape("ls -l | sort -k2 > out.txt; get -r photos &"), ["ls -l | sort -k2 > out.txt", "get -r photos &"])
        XCTAssertEqual(try shape("search .log>>list.txt"), ["search .log >>list.txt"])
        XCTAssertEqual(try shape("ls|head&pwd"), ["ls |head &", "pwd"])
        XCTAssertEqual(try shape("ls | awk '{print $1}' | sort -u # note"), ["ls | awk '{print $1}' | sort -u "], "after |, the text as written")
        XCTAssertEqual(try shape("cd photos;; ls;"), ["cd photos", "ls"], "empty commands between ; are skipped, as before")
        XCTAssertEqual(try shape("   "), [])
    }

    func testQuotedOrEscapedOperatorsAreCharacters() throws {
        XCTAssertEqual(try shape(#"info a\|b 'x>y' "c&d" e\>\>f g\;h"#), [#"info a|b x>y c&d e>>f g;h"#])
        XCTAssertEqual(try shape("cd x!y"), ["cd x!y"], "! is special only where a command starts")
        XCTAssertEqual(try shape("ls # a | b > c"), ["ls"], "a comment is not read")
        for name in ["a|b", "x>y", "c&d", "!bang", "e;f", ">>"] {
            let quoted = Tokenizer.quote(name)
            XCTAssertEqual(
                try Tokenizer.commands(in: "info " + quoted).map(\.last), [Word(text: name, start: 5, end: 5 + quoted.unicodeScalars.count)])
        }
    }

    func testABangHandsTheRestOfTheLineToTheLocalShell() throws {
        XCTAssertEqual(try shape("!ls -l | wc -l; echo 'x'"), ["!ls -l | wc -l; echo 'x'"])
        XCTAssertEqual(try shape("cd photos; !pwd"), ["cd photos", "!pwd"])
        XCTAssertEqual(try shape("ls | !grep x"), ["ls | !grep x"], "after |, ! is the local shell's own")
        XCTAssertEqual(try Tokenizer.commands(in: "cd photos; !pwd").map { $0.map(\.text) }, [["cd", "photos"]])
    }

    func testMisplacedOperatorsAreSyntaxErrors() {
        let cases: [(String, SyntaxError)] = [
            ("ls >", .missingRedirectionTarget(">")), ("ls >> ; pwd", .missingRedirectionTarget(">>")),
            ("ls > | sort", .missingRedirectionTarget(">")), ("| sort", .missingCommand(around: "|")),
            ("ls |", .missingCommand(around: "|")), ("ls | | sort", .missingCommand(around: "|")),
            ("& ls", .missingCommand(around: "&")), ("ls && pwd", .missingCommand(around: "&")),
            ("> out.txt", .missingCommand(around: ">")), ("ls 'open", .unterminatedQuote("'")),
        ]
        for (line, expected) in cases {
            XCTAssertThrowsError(try Tokenizer.parse(line), line) { XCTAssertEqual($0 as? SyntaxError, expected, line) }
        }
    }

    func testWordsKeepTheirPlaceInTheLine() throws {
        let list = try Tokenizer.parse("ls  a*b > 'my file'")
        guard case .shell(let command) = list.entries[0].pipeline.stages[0] else { return XCTFail("not a shell command") }
        XCTAssertEqual(command.words.map(\.start), [0, 4])
        XCTAssertEqual(command.words[1].pattern, "a*b")
        XCTAssertEqual(command.redirections, [Redirection(mode: .replace, target: Word(text: "my file", start: 10, end: 19))])
    }

    func testAliasesCompleteAsCommandNames() async {
        let result = await Completer.complete(line: "lsd", cursor: 3, context: FakeCompletionContext(current: "/"))
        XCTAssertEqual(result.replacement, "lsd ")
        let both = await Completer.complete(line: "ll", cursor: 2, context: FakeCompletionContext(current: "/"))
        XCTAssertEqual(both.candidates, ["ll", "lls"], "the alias beside the command it starts")
    }

    func testCompletionOnPartialLinesWithOperators() async {
        let context = FakeCompletionContext(current: "/")
        let cases: [(String, String)] = [
            ("ls | clu", "ls | clu"), ("get -r photos & cd pho", "get -r photos & cd photos/"),
            ("ls > no", "ls > notes.txt "), ("ls >no", "ls >notes.txt "), ("ls > notes.txt pho", "ls > notes.txt photos/"),
            ("ls | sort > no", "ls | sort > notes.txt "), ("!cat no", "!cat notes.txt "), ("ls | so", "ls | sort "),
            ("ls | sort | w", "ls | sort | wc "), ("ls | grep x no", "ls | grep x notes.txt "), ("!gz", "!gzip "),
            ("ls; !ls | so", "ls; !ls | sort "), ("l", "l"), ("ll pho", "ll photos/"),
        ]
        for (line, expected) in cases {
            // The cursor at the line's end (CompleterTests.tab reads `|` as the cursor).
            let cursor = line.unicodeScalars.count
            let result = await Completer.complete(line: line, cursor: cursor, context: context)
            let after = result.replacement.map { String(line.unicodeScalars.prefix(result.replacementStart)) + $0 } ?? line
            XCTAssertEqual(after, expected, line)
        }
    }
}
