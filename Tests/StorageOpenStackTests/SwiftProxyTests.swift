import Endpoints
import FaultProxyHarness
import Foundation
import Storage
import StorageHTTP
import StorageOpenStack
import Synchronization
import XCTest

/// Requests through a real proxy (tinyproxy, started by `scripts/proxy-server`): its
/// log shows each tunnel objsh opens, `NO_PROXY` keeps a host out of it, and the
/// proxy's credentials are sent but never shown.
final class SwiftProxyTests: XCTestCase {
    private var stores: [SwiftStore] = []

    override func tearDown() async throws {
        for store in stores { await store.shutdown() }
    }

    private func store(proxy: String, log: (@Sendable (String) -> Void)? = nil) throws -> SwiftStore {
        var endpoint = try TestServer.endpoint()
        endpoint.proxy = proxy
        let store = try SwiftStore(
            endpoint: endpoint, name: "proxied", options: SwiftStoreOptions(retry: RetryPolicy(maximumTries: 1)), log: log)
        stores.append(store)
        return store
    }

    func testTheClusterProxyCarriesEveryRequestOfAnHTTPStore() async throws {
        let log = try TestProxy.setting("LOG")
        let store = try store(proxy: TestProxy.setting("URL"))
        let before = try TestProxy.requests(in: log)
        _ = try await store.accountInfo()
        let port = try XCTUnwrap(URL(string: TestServer.endpoint().authURL ?? "")?.port)
        // The client tunnels plain HTTP too: one CONNECT per connection, to the Swift proxy's port.
        let added = try TestProxy.requests(in: log).dropFirst(before.count)
        XCTAssertFalse(added.isEmpty)
        XCTAssertTrue(added.allSatisfy { $0 == "CONNECT 127.0.0.1:\(port) HTTP/1.1" }, "\(added)")
    }

    func testASOCKS5ProxyCarriesTheRequests() async throws {
        let log = try TestProxy.setting("SOCKS_LOG")
        let store = try store(proxy: TestProxy.setting("SOCKS_URL"))
        let port = try XCTUnwrap(URL(string: TestServer.endpoint().authURL ?? "")?.port)
        let before = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count
        _ = try await store.accountInfo()
        let added = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").dropFirst(before)
        XCTAssertFalse(added.isEmpty)
        XCTAssertTrue(added.allSatisfy { $0.hasSuffix(": connected to 127.0.0.1:\(port)") }, "\(added)")
    }

    func testHTTPSGoesThroughAConnectTunnelFromTheVariable() async throws {
        let log = try TestProxy.setting("LOG")
        let proxy = try TestProxy.setting("URL")
        guard let auth = TestServer.environment["OBJSH_TEST_TLS_SWIFT_AUTH"], let ca = TestServer.environment["OBJSH_TEST_TLS_CA"] else {
            throw XCTSkip("no TLS terminator: OBJSH_TEST_TLS_SWIFT_AUTH is unset; run the README's test command")
        }
        let info = auth.replacingOccurrences(of: "/auth/v1.0", with: "/info")
        let port = try XCTUnwrap(URL(string: info)?.port)
        let before = try TestProxy.requests(in: log)
        let answer = try await SwiftTLSTests.info(info, environment: ["HTTPS_PROXY": proxy, "OS_CACERT": ca])
        XCTAssertEqual(answer, 200)
        XCTAssertEqual(Array(try TestProxy.requests(in: log).dropFirst(before.count)), ["CONNECT 127.0.0.1:\(port) HTTP/1.1"])
    }

    func testNoProxyBypassesTheProxy() async throws {
        let log = try TestProxy.setting("LOG")
        let proxy = try TestProxy.setting("URL")
        let info = try XCTUnwrap(TestServer.endpoint().authURL).replacingOccurrences(of: "/auth/v1.0", with: "/info")
        let before = try TestProxy.requests(in: log)
        for noProxy in ["127.0.0.1", "*", "localhost,127.0.0.1"] {
            let answer = try await SwiftTLSTests.info(info, environment: ["http_proxy": proxy, "NO_PROXY": noProxy])
            XCTAssertEqual(answer, 200)
        }
        XCTAssertEqual(try TestProxy.requests(in: log), before)
        // And the same request without NO_PROXY does reach the proxy, so the bypass was the list's doing.
        _ = try await SwiftTLSTests.info(info, environment: ["http_proxy": proxy])
        XCTAssertEqual(try TestProxy.requests(in: log).count, before.count + 1)
    }

    func testProxyCredentialsAreSentButNeverShown() async throws {
        let url = try TestProxy.setting("AUTH_URL")
        let password = try XCTUnwrap(ProxyServer(url: url)?.password)
        let lines = Mutex<[String]>([])
        _ = try await store(proxy: url, log: { line in lines.withLock { $0.append(line) } }).accountInfo()
        let shown = lines.withLock { $0 }
        XCTAssertFalse(shown.isEmpty)
        XCTAssertTrue(shown.allSatisfy { $0.contains(" via http://<redacted>@127.0.0.1:") }, "\(shown)")
        XCTAssertFalse(shown.joined().contains(password))

        let wrong = url.replacingOccurrences(of: password, with: password + "-wrong")
        do {
            _ = try await store(proxy: wrong).accountInfo()
            XCTFail("a wrong proxy password was accepted")
        } catch StorageError.proxy(let refusal) {
            XCTAssertEqual(refusal.reason, .authenticationRequired(credentialsGiven: true))
            XCTAssertFalse("\(refusal)".contains(password))
            XCTAssertTrue(refusal.proxy.hasPrefix("http://<redacted>@127.0.0.1:"), refusal.proxy)
        }
    }

    func testAProxyThatIsNotThereIsNamedAsTheProxy() async throws {
        let store = try store(proxy: "http://user:hidden@127.0.0.1:9")
        do {
            _ = try await store.accountInfo()
            XCTFail("a request went through a proxy that is not there")
        } catch StorageError.proxy(let refusal) {
            XCTAssertEqual(refusal.proxy, "http://<redacted>@127.0.0.1:9")
            guard case .unreachable(let detail) = refusal.reason else { return XCTFail("\(refusal.reason)") }
            XCTAssertFalse(detail.contains("hidden"), detail)
        }
    }
}
