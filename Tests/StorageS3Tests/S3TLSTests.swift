import Clusters
import Foundation
import Storage
import StorageContract
import StorageS3
import XCTest

/// The S3 store over HTTPS: the test server's s3api behind a real TLS terminator
/// (haproxy, `scripts/tls-server`), trusted through the cluster's `cacert`.
final class S3TLSTests: XCTestCase {
    private var store: S3Store?

    override func tearDown() async throws {
        await store?.shutdown()
    }

    private func endpoint(trusting ca: Bool) throws -> S3Endpoint {
        guard let url = S3TestServer.environment["OBJSH_TEST_TLS_S3_ENDPOINT"], let file = S3TestServer.environment["OBJSH_TEST_TLS_CA"] else {
            throw XCTSkip("no TLS terminator: OBJSH_TEST_TLS_S3_ENDPOINT/_CA are unset; run the README's test command")
        }
        var endpoint = try S3TestServer.endpoint()
        endpoint.endpoint = url
        endpoint.tls.caFile = ca ? file : nil
        return endpoint
    }

    func testWholeContractOverHTTPS() async throws {
        let store = try S3Store(endpoint: try endpoint(trusting: true), name: "tls")
        self.store = store
        var fixture = ContractFixture(containerPrefix: ContractFixture.uniquePrefix()) { count in
            let container = "objsh-contract-\(count / 1000)k"
            try S3TestServer.seed(container: container, count: count)
            return container
        }
        fixture.keepsCounts = false
        fixture.containerNames = ["b", "a", "a-b", "a.b", "0z"]
        try await StorageContract(store: store, fixture: fixture).checkEverything()
    }

    func testAnUnknownAuthorityNamesAWSCABundle() async throws {
        let endpoint = try endpoint(trusting: false)
        let store = try S3Store(endpoint: endpoint, name: "tls")
        self.store = store
        do {
            _ = try await store.accountInfo()
            XCTFail("an unknown CA was trusted")
        } catch StorageError.tls(let refusal) {
            XCTAssertEqual(refusal.reason, .unknownAuthority)
            XCTAssertEqual(refusal.caVariable, "AWS_CA_BUNDLE")
        }
    }
}
