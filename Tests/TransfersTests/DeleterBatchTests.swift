import Foundation
import Storage
import XCTest

@testable import Transfers

/// How `rm -r` shares names out among bulk requests: `bulkParallel` requests at once
/// while each keeps `leastBulkBatch` names, never more than the store's limit a request,
/// so many names go in requests of the limit (S3's 1,000).
final class DeleterBatchTests: XCTestCase {
    private let deleter = Deleter(store: FileStore(root: NSTemporaryDirectory()))

    private func sizes(_ count: Int, limit: Int) -> [Int] {
        deleter.batches((0..<count).map { "o\($0)" }[...], limit: limit).map(\.count)
    }

    func testNamesAreSharedOutAmongTheRequestsAtOnce() {
        XCTAssertEqual(sizes(40, limit: 1_000), [40], "a small rm -r: one request")
        XCTAssertEqual(sizes(2_000, limit: 1_000), Array(repeating: 250, count: 8), "8 at once")
        XCTAssertEqual(sizes(8_000, limit: 1_000), Array(repeating: 1_000, count: 8), "S3's limit a request")
        XCTAssertEqual(sizes(9_001, limit: 1_000), Array(repeating: 901, count: 9) + [892], "never past the limit")
        XCTAssertEqual(sizes(250, limit: 1_000), [84, 84, 82], "at least 100 a request, shared out evenly")
        XCTAssertEqual(sizes(0, limit: 1_000), [])
        XCTAssertEqual(sizes(30, limit: 10), [10, 10, 10], "a store's smaller limit")
    }

    func testEveryNameGoesOnceInOrder() {
        let names = (0..<2_345).map { "o\($0)" }
        XCTAssertEqual(deleter.batches(names[...], limit: 1_000).flatMap { $0 }, names)
    }
}
