import Clusters
import Foundation
import Storage
import StorageContract
import StorageS3
import XCTest

/// Builds the storage contract on the S3 store against moto.
enum MotoContract {
    static func make(_ endpoint: S3Endpoint) throws -> (S3Store, StorageContract) {
        let store = try S3Store(endpoint: endpoint, name: "moto")
        var fixture = ContractFixture(containerPrefix: ContractFixture.uniquePrefix()) { count in
            let container = "objsh-contract-\(count)"
            try await MotoTestServer.seed(store, container: container, count: count)
            return container
        }
        fixture.keepsCounts = false
        fixture.containerNames = ["b", "a", "a-b", "a.b", "0z"]
        // moto never checks when a presigned URL expires.
        fixture.checksShareExpiry = false
        fixture.longestShareLink = 7 * 24 * 3600
        return (store, StorageContract(store: store, fixture: fixture))
    }
}

/// The storage contract against moto, path-style: the checks the file, Swift and
/// s3api stores pass.
final class MotoContractTests: XCTestCase {
    private var store: S3Store?
    private var contract: StorageContract!

    override func setUp() async throws {
        (store, contract) = try MotoContract.make(try MotoTestServer.endpoint())
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
    /// 1,500 objects: two pages of at most 1,000 (moto takes one PUT at a time: 25,000 would be slow).
    func testManyObjects() async throws { try await contract.checkManyObjects(count: MotoTestServer.seededCount) }
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

/// The contract again with each bucket named in the Host header (`bucket.localhost:PORT`)
/// rather than the path. (Linux's XCTest finds no inherited tests: hence a class of its own.)
final class MotoVirtualHostContractTests: XCTestCase {
    private var store: S3Store?
    private var contract: StorageContract!

    override func setUp() async throws {
        (store, contract) = try MotoContract.make(try MotoTestServer.virtualHostEndpoint())
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
    func testManyObjects() async throws { try await contract.checkManyObjects(count: MotoTestServer.seededCount) }
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
