import Foundation
import Listing
import Storage
import XCTest

@testable import Sync

/// A walk of a folder comes out in the order a listing of the same folder does, so a
/// merge of the two never calls a present name missing.
final class LocalTreeTests: XCTestCase {
    private var root = ""

    override func setUp() {
        root = NSTemporaryDirectory() + "objsh-tree-" + UUID().uuidString
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ name: String, _ text: String = "x") throws {
        let path = root + "/c/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func walk(_ tree: LocalTree) throws -> [String] {
        var names: [String] = []
        while let file = try tree.next() { names.append(file.relative) }
        return names
    }

    func testWalkOrderEqualsTheFileStoreListing() async throws {
        let names = ["a-b", "a.txt", "a/b", "a/b c/d", "aa", "a/c", "Z", "é/1", "e\u{301}", "b/x/y/z.bin", "a0", "a/-"]
        for name in names { try write(name) }
        try FileManager.default.createDirectory(atPath: root + "/c/empty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/c/link", withDestinationPath: root + "/c/a.txt")
        var listed: [String] = []
        for try await page in ParallelListing(store: FileStore(root: root), container: "c", pageSize: 3) {
            listed += page.map(\.name).filter { !$0.hasSuffix("/") }
        }
        let walked = try walk(LocalTree(root: root + "/c"))
        XCTAssertEqual(walked, listed)
        XCTAssertEqual(Set(walked), Set(names), "links and empty folders are not files")
        XCTAssertEqual(walked.first, "Z")
    }

    func testPrunedFoldersAndIgnoredSuffixesAreSkipped() throws {
        for name in ["keep/a", "skip/a", "skip/b/c", "x.objsh-partial", "y"] { try write(name) }
        let tree = LocalTree(root: root + "/c", prune: { $0 == "skip/" }, ignoredSuffixes: [".objsh-partial"])
        XCTAssertEqual(try walk(tree), ["keep/a", "y"])
    }

    func testStatFactsAreTheFiles() throws {
        try write("f", "12345")
        let file = try XCTUnwrap(try LocalTree(root: root + "/c").next())
        let attributes = try FileManager.default.attributesOfItem(atPath: root + "/c/f")
        XCTAssertEqual(file.bytes, 5)
        XCTAssertEqual(file.inode, (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
        let modified = try XCTUnwrap(attributes[.modificationDate] as? Date)
        XCTAssertEqual(Double(file.mtimeNs) / 1e9, modified.timeIntervalSince1970, accuracy: 0.001)
    }
}
