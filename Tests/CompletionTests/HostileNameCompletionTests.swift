import Browser
import ShellCore
import XCTest

/// A name the terminal would act on (ESC, BEL, C1 controls, CR, bidi overrides) never
/// goes into the line a TAB edits, which the line editor echoes as it is: it is listed,
/// escaped, and only the part of it before the first such character is inserted. The
/// OS shells' completion leaves it out.
final class HostileNameCompletionTests: XCTestCase {
    /// Each name, what is typed, what TAB inserts in its place (nil: nothing) and what it lists.
    static let cases: [(name: String, typed: String, inserted: String?, listed: String)] = [
        ("esc\u{1B}[31mred", "es", "esc", "esc\\e[31mred"), ("bel\u{07}x", "be", "bel", "bel\\x07x"),
        ("csi\u{9B}31m", "cs", "csi", "csi\\u{9B}31m"), ("cr\rover", "cr", nil, "cr\\rover"),
        ("rlo\u{202E}txt", "rl", "rlo", "rlo\\u{202E}txt"), ("lri\u{2066}x", "lr", "lri", "lri\\u{2066}x"),
    ]

    func testAHostileSingleMatchIsListedEscapedNotInserted() async {
        for item in Self.cases {
            let context = FakeCompletionContext(current: "/x", tree: ["/x": [item.name, "other"]])
            let line = "info " + item.typed
            let result = await Completer.complete(line: line, cursor: line.unicodeScalars.count, context: context)
            XCTAssertEqual(result.replacement, item.inserted, item.listed)
            XCTAssertEqual(result.candidates, [item.listed])
        }
    }

    func testACommonPrefixStopsBeforeTheFirstHostileCharacter() async {
        let context = FakeCompletionContext(current: "/x", tree: ["/x": ["ab\u{1B}[31mc", "ab\u{1B}[31md"]])
        let result = await Completer.complete(line: "info a", cursor: 6, context: context)
        XCTAssertEqual(result.replacement, "ab")
        XCTAssertEqual(result.candidates, ["ab\\e[31mc", "ab\\e[31md"])
    }

    func testTheOSShellsAreNotOfferedAHostileName() async {
        let context = FakeCompletionContext(tree: ["/": Self.cases.map(\.name) + ["plain"]])
        let found = await PlaceCompleter.candidates(for: "/", clusterNames: []) { _ in context }
        XCTAssertEqual(found, ["/plain"])
    }
}
