import Clusters
import Foundation
import NIOHTTP1
import Storage
import StorageContract
import StorageHTTP
import StorageOpenStack
import XCTest

/// The Swift store over HTTPS through a real TLS terminator (haproxy, started by
/// `scripts/tls-server` with a throwaway CA): the whole contract, every way of
/// trusting the CA, and each refusal as data.
final class SwiftTLSTests: XCTestCase {
    private var stores: [SwiftStore] = []

    override func tearDown() async throws {
        for store in stores { await store.shutdown() }
    }

    /// `OBJSH_TEST_TLS_*` from `DIR/env` of `scripts/tls-server`; skips without it.
    static func setting(_ name: String) throws -> String {
        guard let value = TestServer.environment["OBJSH_TEST_TLS_" + name] else {
            throw XCTSkip("no TLS terminator: OBJSH_TEST_TLS_\(name) is unset; run the README's test command")
        }
        return value
    }

    private func store(auth: String, tls: TLSSettings = TLSSettings()) throws -> SwiftStore {
        var endpoint = try TestServer.endpoint()
        endpoint.authURL = auth
        endpoint.tls = tls
        let store = try SwiftStore(endpoint: endpoint, name: "tls", options: SwiftStoreOptions(retry: RetryPolicy(maximumTries: 1)))
        stores.append(store)
        return store
    }

    private func refusal(auth: String, tls: TLSSettings = TLSSettings()) async throws -> TLSRefusal {
        do {
            _ = try await store(auth: auth, tls: tls).accountInfo()
        } catch StorageError.tls(let refusal) {
            return refusal
        }
        XCTFail("\(auth) was trusted")
        throw StorageError.io("no refusal")
    }

    func testWholeContractOverHTTPS() async throws {
        let store = try store(auth: Self.setting("SWIFT_AUTH"), tls: TLSSettings(caFile: Self.setting("CA")))
        let fixture = ContractFixture(containerPrefix: ContractFixture.uniquePrefix()) { count in
            let container = "objsh-contract-\(count / 1000)k"
            try TestServer.seed(container: container, count: count)
            return container
        }
        try await StorageContract(store: store, fixture: fixture).checkEverything()
    }

    func testAnUnknownAuthorityIsRefusedNamingTheSettingThatFixesIt() async throws {
        let refused = try await refusal(auth: Self.setting("SWIFT_AUTH"))
        let port = try XCTUnwrap(URL(string: Self.setting("SWIFT_AUTH"))?.port)
        XCTAssertEqual(refused, TLSRefusal(host: "127.0.0.1:\(port)", reason: .unknownAuthority, caVariable: "OS_CACERT"))
        XCTAssertTrue(refused.isTrustRefusal)
    }

    func testAnExpiredCertificateIsSaid() async throws {
        let refused = try await refusal(auth: Self.setting("EXPIRED_AUTH"), tls: TLSSettings(caFile: Self.setting("CA")))
        XCTAssertEqual(refused.reason, .expired)
    }

    func testACertificateForAnotherHostIsSaid() async throws {
        let refused = try await refusal(auth: Self.setting("WRONG_NAME_AUTH"), tls: TLSSettings(caFile: Self.setting("CA")))
        XCTAssertEqual(refused.reason, .wrongHost)
    }

    func testAPlainHTTPServerOnAnHTTPSURLIsNotCalledUnreachable() async throws {
        let refused = try await refusal(auth: Self.setting("PLAIN_AS_HTTPS_AUTH"), tls: TLSSettings(caFile: Self.setting("CA")))
        XCTAssertEqual(refused.reason, .notTLS)
        XCTAssertFalse(refused.isTrustRefusal)
    }

    func testAClientCertificateIsSentWhenTheServerRequiresOne() async throws {
        let auth = try Self.setting("CLIENT_CERT_AUTH")
        let refused = try await refusal(auth: auth, tls: TLSSettings(caFile: Self.setting("CA")))
        XCTAssertEqual(refused.reason, .clientCertificateRefused)
        let tls = TLSSettings(
            caFile: try Self.setting("CA"), clientCertificate: try Self.setting("CLIENT_CERT"),
            clientKey: try Self.setting("CLIENT_KEY"))
        _ = try await store(auth: auth, tls: tls).accountInfo()
    }

    /// The store's own variable, SSL_CERT_FILE and SSL_CERT_DIR each add the CA to the
    /// system's store; without any of them the same server is refused.
    func testTrustFromTheEnvironmentIsAddedToTheSystemStore() async throws {
        let ca = try Self.setting("CA")
        let url = try Self.setting("SWIFT_AUTH").replacingOccurrences(of: "/auth/v1.0", with: "/info")
        let directory = URL(fileURLWithPath: ca).deletingLastPathComponent().path
        for environment in [["OS_CACERT": ca], ["SSL_CERT_FILE": ca], ["SSL_CERT_DIR": "/nonexistent:" + directory]] {
            let answer = try await Self.info(url, environment: environment)
            XCTAssertEqual(answer, 200, "\(environment)")
        }
        do {
            _ = try await Self.info(url, environment: ["SSL_CERT_FILE": "/etc/ssl/certs/ca-certificates.crt"])
            XCTFail("the test CA was trusted without being named")
        } catch StorageError.tls(let refusal) {
            XCTAssertEqual(refusal.reason, .unknownAuthority)
        }
    }

    /// The status of GET `url` with a client that reads its trust and proxy settings from `environment`.
    static func info(_ url: String, environment: [String: String]) async throws -> Int {
        let made = try StoreHTTPClient(
            cluster: "tls", options: HTTPStoreOptions(), insecure: false, caVariable: "OS_CACERT",
            environment: environment)
        let exchange = HTTPExchange(clients: made, options: HTTPStoreOptions(), log: nil)
        do {
            let status = try await exchange.send(HTTPExchangeRequest(method: .GET, url: url)).status
            await made.shutdown()
            return status
        } catch {
            await made.shutdown()
            throw error
        }
    }

    func testAMissingCAFileIsSaidAtOnce() throws {
        XCTAssertThrowsError(try store(auth: Self.setting("SWIFT_AUTH"), tls: TLSSettings(caFile: "/nonexistent/ca.pem"))) { error in
            XCTAssertEqual(error as? StorageError, .unreadableFile(path: "/nonexistent/ca.pem", problem: .unreadableSettingFile(setting: "cacert")))
        }
    }
}
