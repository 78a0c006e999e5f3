import XCTest

@testable import Browser

/// What a search term is matched against in a name.
@MainActor
final class SearchMatcherTests: XCTestCase {
    func testTheLastSegmentIsTheLastThatIsNotEmpty() async {
        for name in ["a/b/c.txt", "a/b/", "c.txt", "/", "", "//x//", "a//b", "ü/é"] {
            XCTAssertEqual(SearchMatcher.lastSegment(name).map(String.init), name.split(separator: "/").last.map(String.init), name)
        }
    }
}
