import Clusters
import Foundation
import Storage
import StorageContract
import StorageS3
import XCTest

/// The storage contract on the S3 store, against the test server's s3api.
final class S3StoreContractTests: XCTestCase {
    private var store: S3Store?
    private var contract: StorageContract!

    override func setUp() async throws {
        let store = try S3Store(endpoint: try S3TestServer.endpoint(), name: "test")
        self.store = store
        var fixture = ContractFixture(containerPrefix: ContractFixture.uniquePrefix()) { count in
            // The Swift store's seeded containers: their names are valid bucket names.
            let container = "objsh-contract-\(count / 1000)k"
            try S3TestServer.seed(container: container, count: count)
            return container
        }
        fixture.keepsCounts = false
        fixture.containerNames = ["b", "a", "a-b", "a.b", "0z"]
        fixture.longestShareLink = 7 * 24 * 3600
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
    func testManyObjects() async throws { try await contract.checkManyObjects() }
    func testEndBefore() async throws { try await contract.checkEndBefore() }
    func testEndBeforeInByteOrder() async throws { try await contract.checkEndBeforeInByteOrder() }
    func testParallelListingMatchesSequential() async throws { try await contract.checkParallelListingMatchesSequential() }
    func testParallelListingOfManyObjects() async throws { try await contract.checkParallelListingOfManyObjects() }
    func testNamesOnlyListing() async throws { try await contract.checkNamesOnlyListing() }
    func testNamesOnlyParallelListing() async throws { try await contract.checkNamesOnlyParallelListing() }
    func testPutAndMD5() async throws { try await contract.checkPutAndMD5() }
    func testInfoOfEachKind() async throws { try await contract.checkInfoOfEachKind() }
    func testMissingThings() async throws { try await contract.checkMissingThings() }
    func testReadWholeRangesAndIfMatch() async throws { try await contract.checkReadWholeRangesAndIfMatch() }
    func testDeleteObjectsAndContainers() async throws { try await contract.checkDeleteObjectsAndContainers() }
    func testServerSideCopy() async throws { try await contract.checkServerSideCopy() }
    func testMetadataUpdate() async throws { try await contract.checkMetadataUpdate() }
    func testShareLinks() async throws { try await contract.checkShareLinks() }
    func testVersions() async throws { try await contract.checkVersions() }
    func testLargeUploadResumeAndDelete() async throws { try await contract.checkLargeUploadResumeAndDelete() }
    func testStreamUploadAndAbort() async throws { try await contract.checkStreamUploadAndAbort() }
}
