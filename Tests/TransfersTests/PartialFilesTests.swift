import Foundation
import XCTest

@testable import Transfers

/// A folder download reads each folder once for the partial files an earlier run left,
/// not once an object, and still removes each object's stale partial.
final class PartialFilesTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "objsh-partials-" + UUID().uuidString + "/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testEachFolderIsReadOnce() throws {
        let first = LocalFile.partialName(for: folder + "a.txt", etag: "old")
        FileManager.default.createFile(atPath: first, contents: Data([1]))
        FileManager.default.createFile(atPath: folder + "plain.txt", contents: Data([1]))
        let known = PartialFiles()
        XCTAssertEqual(known.names(in: folder), [(first as NSString).lastPathComponent], "partial files only")
        FileManager.default.createFile(atPath: LocalFile.partialName(for: folder + "b.txt", etag: "old"), contents: Data([1]))
        XCTAssertEqual(known.names(in: folder).count, 1, "the folder is not read again")
    }

    func testAStalePartialFoundOnceIsRemovedAndTheCurrentKept() throws {
        let target = folder + "a.txt"
        let stale = LocalFile.partialName(for: target, etag: "old")
        let current = LocalFile.partialName(for: target, etag: "new")
        let other = LocalFile.partialName(for: folder + "b.txt", etag: "old")
        for path in [stale, current, other] { FileManager.default.createFile(atPath: path, contents: Data([1])) }
        LocalFile.removeStalePartials(of: target, keeping: current, known: PartialFiles())
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: current))
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "another object's partial is its own to remove")
    }
}
