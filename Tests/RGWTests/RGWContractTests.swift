import Clusters
import Foundation
import Storage
import StorageContract
import StorageOpenStack
import StorageS3
import XCTest

/// The storage contract on the S3 store against RGW's S3 API.
final class RGWS3ContractTests: XCTestCase {
    private var store: S3Store?
    private var contract: StorageContract!

    override func setUp() async throws {
        let store = try S3Store(endpoint: try RGWTestServer.s3Endpoint(), name: "rgw")
        self.store = store
        var fixture = ContractFixture(containerPrefix: ContractFixture.uniquePrefix()) { count in
            try RGWTestServer.seed(container: RGWTestServer.seededContainer, count: count)
            return RGWTestServer.seededContainer
        }
        fixture.keepsCounts = false
        fixture.containerNames = ["b", "a", "a-b", "a.b", "0z"]
        contract = StorageContract(store: store, fixture: fixture)
    }

    override func tearDown() async throws {
        await store?.shutdown()
    }

    func testEmptyContainer() async throws { try await contract.checkEmptyContainer() }
    func testByteOrderAndAwkwardNames() async throws { try await contract.checkByteOrderAndAwkwardNames() }
    func testPrefixDelimiterMarkerLimit() async throws { try await contract.checkPrefixDelimiterMarkerLimit() }
    func testPagingWithSmallPages() async throws { try await contract.checkPagingWithSmallPages() }
    func testNamesEndingInSlash() async throws { try await contract.checkNamesEndingInSlash() }
    func testContainerListing() async throws { try await contract.checkContainerListing() }
    func testManyObjects() async throws { try await contract.checkManyObjects(count: RGWTestServer.seededCount) }
    func testEndBefore() async throws { try await contract.checkEndBefore() }
    func testEndBeforeInByteOrder() async throws { try await contract.checkEndBeforeInByteOrder() }
    func testParallelListingMatchesSequential() async throws { try await contract.checkParallelListingMatchesSequential() }
    func testParallelListingOfManyObjects() async throws { try await contract.checkParallelListingOfManyObjects(count: RGWTestServer.seededCount) }
    func testNamesOnlyListing() async throws { try await contract.checkNamesOnlyListing() }
    func testNamesOnlyParallelListing() async throws { try await contract.checkNamesOnlyParallelListing() }
    func testPutAndMD5() async throws { try await contract.checkPutAndMD5() }
    func testInfoOfEachKind() async throws { try await contract.checkInfoOfEachKind() }
    func testMissingThings() async throws { try await contract.checkMissingThings() }
    func testReadWholeRangesAndIfMatch() async throws { try await contract.checkReadWholeRangesAndIfMatch() }
    func testDeleteObjectsAndContainers() async throws { try await contract.checkDeleteObjectsAndContainers() }
    func testServerSideCopy() async throws { try await contract.checkServerSideCopy() }
    func testLargeUploadResumeAndDelete() async throws { try await contract.checkLargeUploadResumeAndDelete() }
    func testStreamUploadAndAbort() async throws { try await contract.checkStreamUploadAndAbort() }
}

/// The storage contract on the Swift store against RGW's Swift API. (Linux's XCTest finds
/// no inherited tests: hence a class of its own.)
final class RGWSwiftContractTests: XCTestCase {
    private var store: SwiftStore?
    private var contract: StorageContract!

    override func setUp() async throws {
        let store = try SwiftStore(endpoint: try RGWTestServer.swiftEndpoint(), name: "rgw")
        self.store = store
        var fixture = ContractFixture(containerPrefix: ContractFixture.uniquePrefix()) { count in
            try RGWTestServer.seed(container: RGWTestServer.seededContainer, count: count)
            return RGWTestServer.seededContainer
        }
        // RGW takes container names of 3 to 255 bytes; the run's prefix makes every one long enough.
        fixture.containerNames = ["b", "a", "a b", "é", "Z"]
        contract = StorageContract(store: store, fixture: fixture)
    }

    override func tearDown() async throws {
        await store?.shutdown()
    }

    func testEmptyContainer() async throws { try await contract.checkEmptyContainer() }
    func testByteOrderAndAwkwardNames() async throws { try await contract.checkByteOrderAndAwkwardNames() }
    func testPrefixDelimiterMarkerLimit() async throws { try await contract.checkPrefixDelimiterMarkerLimit() }
    func testPagingWithSmallPages() async throws { try await contract.checkPagingWithSmallPages() }
    func testNamesEndingInSlash() async throws { try await contract.checkNamesEndingInSlash() }
    func testContainerListing() async throws { try await contract.checkContainerListing() }
    func testManyObjects() async throws { try await contract.checkManyObjects(count: RGWTestServer.seededCount) }
    func testEndBefore() async throws { try await contract.checkEndBefore() }
    func testEndBeforeInByteOrder() async throws { try await contract.checkEndBeforeInByteOrder() }
    func testParallelListingMatchesSequential() async throws { try await contract.checkParallelListingMatchesSequential() }
    func testParallelListingOfManyObjects() async throws { try await contract.checkParallelListingOfManyObjects(count: RGWTestServer.seededCount) }
    func testNamesOnlyListing() async throws { try await contract.checkNamesOnlyListing() }
    func testNamesOnlyParallelListing() async throws { try await contract.checkNamesOnlyParallelListing() }
    func testPutAndMD5() async throws { try await contract.checkPutAndMD5() }
    func testInfoOfEachKind() async throws { try await contract.checkInfoOfEachKind() }
    func testMissingThings() async throws { try await contract.checkMissingThings() }
    func testReadWholeRangesAndIfMatch() async throws { try await contract.checkReadWholeRangesAndIfMatch() }
    func testDeleteObjectsAndContainers() async throws { try await contract.checkDeleteObjectsAndContainers() }
    func testServerSideCopy() async throws { try await contract.checkServerSideCopy() }
    func testLargeUploadResumeAndDelete() async throws { try await contract.checkLargeUploadResumeAndDelete() }
    func testStreamUploadAndAbort() async throws { try await contract.checkStreamUploadAndAbort() }
}
