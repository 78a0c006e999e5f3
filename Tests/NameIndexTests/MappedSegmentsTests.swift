import Foundation
import Storage
import XCTest

@testable import NameIndex

/// Segments stay mapped from one search to the next, and only while they are the files
/// the search reads.
final class MappedSegmentsTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "objsh-mapped-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes a segment of `count` names at `name`, as `index` does: a temporary file renamed.
    func segment(_ name: String, _ count: Int) throws -> String {
        let path = folder + "/" + name
        let writer = try SegmentWriter(path: path + ".tmp", blockEntries: 4, chunkEntries: 64)
        for object in SegmentTests.objects(count) { try writer.add(object) }
        _ = try writer.finish()
        XCTAssertEqual(rename(path + ".tmp", path), 0)
        return path
    }

    func testTheSameFileIsReadThroughTheSameMapping() throws {
        let mapped = MappedSegments()
        let (a, b) = (try segment("a.seg", 50), try segment("b.seg", 60))
        let first = try mapped.readers([a, b])
        let second = try mapped.readers([a, b])
        XCTAssertTrue(first[0] === second[0] && first[1] === second[1])
        XCTAssertEqual(second.map(\.entryCount), [50, 60])
    }

    func testAFileReplacedAtItsPathIsMappedAnew() throws {
        let mapped = MappedSegments()
        let path = try segment("a.seg", 50)
        let before = try mapped.readers([path])[0]
        _ = try segment("a.seg", 70)
        let after = try mapped.readers([path])[0]
        XCTAssertFalse(before === after)
        XCTAssertEqual([before.entryCount, after.entryCount], [50, 70], "the old mapping still reads the old file")
    }

    func testOnlyTheLastSearchsFilesStayMapped() throws {
        let mapped = MappedSegments()
        let (a, b) = (try segment("a.seg", 50), try segment("b.seg", 60))
        let first = try mapped.readers([a, b])
        _ = try mapped.readers([b])
        let again = try mapped.readers([a, b])
        XCTAssertFalse(first[0] === again[0], "a was let go when a search read b alone")
        XCTAssertTrue(first[1] === again[1])
    }

    func testAFileRemovedSinceIsAnError() throws {
        let mapped = MappedSegments()
        let path = try segment("a.seg", 50)
        _ = try mapped.readers([path])
        unlink(path)
        XCTAssertThrowsError(try mapped.readers([path]))
    }
}
