import Storage
import XCTest

/// Issue 38: a listing whose marker does not advance is an error, never a loop and never
/// a quiet end that hides what lies past it. The account listing has no check of its
/// own in the stores (an object listing has), so the pager makes it.
final class ListingPagesTests: XCTestCase {
    /// Pages of `size` names from `names`, after each marker; `ignoresMarker` answers
    /// the first page whatever the marker, as a server that drops it does.
    static func pages(_ names: [String], size: Int, ignoresMarker: Bool, stuckIn: String?) -> ListingPages<String> {
        ListingPages(pageSize: size, endsOnShortPage: true, stuckIn: stuckIn) { marker, limit in
            let after = ignoresMarker ? names : names.filter { marker.utf8.lexicographicallyPrecedes($0.utf8) }
            return Array(after.prefix(limit))
        } name: {
            $0
        }
    }

    func testAFullPageThatDoesNotGoPastItsMarkerIsAnError() async throws {
        var seen: [String] = []
        do {
            for try await page in Self.pages(["a", "b", "c", "d"], size: 2, ignoresMarker: true, stuckIn: "the account") { seen += page }
            XCTFail("a repeated page was taken as the end")
        } catch let error as StorageError {
            XCTAssertEqual(error, .listingStuck(container: "the account", after: "b"))
        }
        XCTAssertEqual(seen, ["a", "b"], "the first page came, and no page came twice")
    }

    func testAnAdvancingListingEndsAtItsShortPage() async throws {
        var seen: [String] = []
        for try await page in Self.pages(["a", "b", "c", "d", "e"], size: 2, ignoresMarker: false, stuckIn: "the account") { seen += page }
        XCTAssertEqual(seen, ["a", "b", "c", "d", "e"])
    }

    func testWithoutAPlaceToNameARepeatedPageEndsTheListingAsBefore() async throws {
        var seen: [String] = []
        for try await page in Self.pages(["a", "b", "c"], size: 2, ignoresMarker: true, stuckIn: nil) { seen += page }
        XCTAssertEqual(seen, ["a", "b", "a", "b"])
    }
}
