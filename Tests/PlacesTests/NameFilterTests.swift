import Places
import XCTest

final class NameFilterTests: XCTestCase {
    func testASegmentPatternMatchesAtAnyDepth() {
        let filter = NameFilter(["*.tmp", ".git"])
        XCTAssertTrue(filter.excludes("a.tmp"))
        XCTAssertTrue(filter.excludes("x/y/a.tmp"))
        XCTAssertTrue(filter.excludes(".git/"))
        XCTAssertTrue(filter.excludes("src/.git/config"), "everything below a matched folder")
        XCTAssertFalse(filter.excludes("a.tmpx"))
        XCTAssertFalse(filter.excludes("x.git"))
    }

    func testAPatternWithASlashIsAnchoredAtTheRoot() {
        let filter = NameFilter(["build/**", "logs/2024"])
        XCTAssertTrue(filter.excludes("build/a/b.o"))
        XCTAssertTrue(filter.excludes("logs/2024/jan.log"))
        XCTAssertFalse(filter.excludes("src/build/a.o"))
        XCTAssertFalse(filter.excludes("logs/2025/jan.log"))
        XCTAssertFalse(filter.excludes("logs/20245"))
    }

    func testEscapesAndNoPatterns() {
        XCTAssertTrue(NameFilter(["\\*"]).excludes("*"))
        XCTAssertFalse(NameFilter(["\\*"]).excludes("a"))
        XCTAssertFalse(NameFilter.none.excludes("anything"))
        XCTAssertTrue(NameFilter.none.isEmpty)
    }
}
