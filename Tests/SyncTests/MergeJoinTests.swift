import Storage
import XCTest

@testable import Sync

/// Pages given in advance, as a place's would come.
struct GivenPages: AsyncSequence, Sendable {
    typealias Element = [PlaceEntry]
    let pages: [[PlaceEntry]]

    init(_ pages: [[String]]) {
        self.pages = pages.map { $0.map { PlaceEntry(name: $0, origin: .file(LocalFileStat(relative: $0, bytes: 1, mtimeNs: 0))) } }
    }

    func makeAsyncIterator() -> IndexingIterator<[[PlaceEntry]]>.AsyncAdapter { .init(base: pages.makeIterator()) }
}

extension IndexingIterator {
    struct AsyncAdapter: AsyncIteratorProtocol {
        var base: IndexingIterator
        mutating func next() async -> Element? { base.next() }
    }
}

final class MergeJoinTests: XCTestCase {
    func merged(_ source: [[String]], _ destination: [[String]]) async throws -> [String] {
        var lines: [String] = []
        for try await name in MergeJoin(GivenPages(source), GivenPages(destination)) {
            switch name {
            case .source(let entry): lines.append("+ " + entry.name)
            case .destination(let entry): lines.append("- " + entry.name)
            case .both(let from, let to):
                XCTAssertEqual(from.name, to.name)
                lines.append("= " + from.name)
            }
        }
        return lines
    }

    func testNamesOfEitherSideComeInByteOrder() async throws {
        let lines = try await merged([["a-b", "a.txt"], ["a/b", "é"]], [["a.txt"], [], ["a/b", "aa", "z"], ["ü"]])
        XCTAssertEqual(lines, ["+ a-b", "= a.txt", "= a/b", "- aa", "- z", "+ é", "- ü"])
    }

    func testOneSideEmpty() async throws {
        let onlySource = try await merged([["x", "y"]], [])
        XCTAssertEqual(onlySource, ["+ x", "+ y"])
        let onlyDestination = try await merged([], [[], ["x"]])
        XCTAssertEqual(onlyDestination, ["- x"])
        let neither = try await merged([], [])
        XCTAssertEqual(neither, [])
    }

    /// Byte order, not Unicode order: `Z` (0x5A) before `a`, and a precomposed `é`
    /// (0xC3 0xA9) after `e` and a combining accent's `e\u{301}`.
    func testByteOrderDecidesNotCharacters() async throws {
        let lines = try await merged([["Z", "a", "e\u{301}", "\u{e9}"]], [["e\u{301}"]])
        XCTAssertEqual(lines, ["+ Z", "+ a", "= e\u{301}", "+ \u{e9}"])
        let equivalent = try await merged([["\u{e9}"]], [["e\u{301}"]])
        XCTAssertEqual(equivalent.map { Array($0.utf8) }, [Array("- e\u{301}".utf8), Array("+ \u{e9}".utf8)], "canonically equivalent, not equal")
    }
}
