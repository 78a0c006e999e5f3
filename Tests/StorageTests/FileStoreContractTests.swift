import Foundation
import Storage
import StorageContract
import XCTest

/// The storage contract against the embedded `file` backend in a temporary directory.
final class FileStoreContractTests: XCTestCase {
    private var root = ""
    private var contract: StorageContract!

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-filestore-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let store = FileStore(root: root)
        var fixture = ContractFixture(containerPrefix: ContractFixture.uniquePrefix()) { [root] count in
            try Self.seed(root: root, container: "many", count: count)
            return "many"
        }
        fixture.keepsMetadata = false
        fixture.makesShareLinks = false
        fixture.keepsVersions = false
        contract = StorageContract(store: store, fixture: fixture)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Seeding writes files directly: the contract is about listing them, not uploading.
    /// Plainly, not as Foundation writes (a temporary file synced and renamed): 25,000 of
    /// those took 80 s here, most of it the kernel syncing and finding inodes.
    static func seed(root: String, container: String, count: Int) throws {
        for index in 0..<count {
            let path = root + "/" + container + "/" + ContractFixture.seededName(index)
            if index % 1000 == 0 {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            defer { close(descriptor) }
            let bytes = Array("object \(index)\n".utf8)
            guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
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
