import Clusters
import FaultProxyHarness
import Foundation
import Storage
import StorageContract
import StorageHTTP
import StorageOpenStack
import XCTest

/// The Swift backend through `scripts/fault-proxy`, against the real server: listings
/// end exact or with a clear error, cut bodies are retried, odd headers are not outages.
final class SwiftFaultTests: XCTestCase {
    static let seededContainer = "objsh-faults-5k"
    static let objectCount = 5_000

    private func upstreamPort() throws -> Int {
        try XCTUnwrap(FaultProxy.port(of: try TestServer.endpoint().authURL!))
    }

    /// A store whose every request goes through `proxy`; short waits keep the test quick.
    private func store(through proxy: FaultProxy, log: SwiftFailureTests.LogLines? = nil) throws -> SwiftStore {
        var endpoint = try TestServer.endpoint()
        endpoint.authURL = proxy.rewrite(endpoint.authURL!, upstreamPort: try upstreamPort())
        let options = SwiftStoreOptions(
            connectTimeout: 2, readTimeout: 2,
            retry: RetryPolicy(maximumTries: 5, initialBackoff: 0.05, maximumBackoff: 0.4))
        return try SwiftStore(endpoint: endpoint, options: options, log: log?.sink)
    }

    private func seed() throws {
        setenv("SEED_LAYOUT", "flat", 1)
        defer { unsetenv("SEED_LAYOUT") }
        try TestServer.seed(container: Self.seededContainer, count: Self.objectCount)
    }

    /// TAB completion's request (a prefix, delimiter `/`, at most 1,000 names), 10% of
    /// requests faulted: every answer is the exact 1,000 names, or a `StorageError`.
    func testCompletionListingUnderFaultsIsExactOrAClearError() async throws {
        try seed()
        let expected = (1000..<2000).map { String(format: "o%06d.txt", $0) }
        var exact = 0
        var clearErrors = 0
        let proxy = try FaultProxy(
            upstreamPort: try upstreamPort(),
            faults: .random(share: 0.1, seed: 9, kinds: FaultProxy.quickKinds + ["stall"]))
        let store = try store(through: proxy)
        for _ in 0..<40 {
            do {
                let page = try await store.listObjects(
                    in: Self.seededContainer,
                    ListingQuery(prefix: "o001", delimiter: "/", limit: 1_000))
                XCTAssertEqual(page.map(\.name), expected, "a listing came back short, doubled or changed")
                exact += 1
            } catch is StorageError {
                clearErrors += 1
            }
        }
        await store.shutdown()
        XCTAssertEqual(exact + clearErrors, 40)
        XCTAssertGreaterThanOrEqual(proxy.injected.count, 2, "the proxy injected faults: \(proxy.injected)")
        XCTAssertGreaterThan(exact, clearErrors, "retries carry most requests through")
    }

    /// A body cut short and a reset in the middle of a body are retried, and said so.
    func testCutAndResetBodiesAreRetried() async throws {
        try seed()
        let proxy = try FaultProxy(
            upstreamPort: try upstreamPort(),
            faults: .on([
                ("truncate", "GET /v1/AUTH_test/\(Self.seededContainer)?"),
                ("reset-during", "GET /v1/AUTH_test/\(Self.seededContainer)?"),
            ]))
        let log = SwiftFailureTests.LogLines()
        let store = try store(through: proxy, log: log)
        var names: [String] = []
        for try await page in store.objectPages(in: Self.seededContainer) { names += page.map(\.name) }
        await store.shutdown()
        XCTAssertEqual(names, (0..<Self.objectCount).map { String(format: "o%06d.txt", $0) })
        XCTAssertEqual(proxy.injected, ["truncate", "reset-during"])
        let retries = log.all.filter { $0.hasPrefix("retry: GET ") }
        XCTAssertEqual(retries.count, 2, "\(log.all)")
        XCTAssertTrue(retries[0].contains("closed the connection in the middle of an answer; try 2 of 5"), retries[0])
    }

    /// A 401 to a request in the middle of a session logs in again once and goes on.
    func testRefusedTokenMidSessionLogsInOnceAndGoesOn() async throws {
        try seed()
        let proxy = try FaultProxy(
            upstreamPort: try upstreamPort(),
            faults: .on([("401", "GET /v1/AUTH_test/\(Self.seededContainer)?")]))
        let store = try store(through: proxy)
        _ = try await store.containerInfo(Self.seededContainer)
        let page = try await store.listObjects(in: Self.seededContainer, ListingQuery(limit: 10))
        _ = try await store.containerInfo(Self.seededContainer)
        await store.shutdown()
        XCTAssertEqual(page.map(\.name), (0..<10).map { String(format: "o%06d.txt", $0) })
        XCTAssertEqual(proxy.log.filter { $0.contains(" GET /auth/") }.count, 2, "one login, one renewal: \(proxy.log)")
        XCTAssertEqual(proxy.injected, ["401"])
    }

    /// A metadata key that is not ASCII makes the HEAD answer invalid HTTP for NIO;
    /// `objectInfo` says so and still gives what the listing knows.
    func testNonASCIIMetadataKeyIsAnInvalidAnswerAndInfoShowsTheListing() async throws {
        let real = try TestServer.login(try TestServer.endpoint())
        let container = ContractFixture.uniquePrefix() + "meta"
        try Self.request("PUT", real.storageURL + "/" + container, token: real.token)
        try Self.request(
            "PUT", real.storageURL + "/" + container + "/odd.txt", token: real.token, body: "hello\n",
            header: "X-Object-Meta-\u{dc}n\u{ef}: x")
        let store = try SwiftStore(endpoint: try TestServer.endpoint())
        let info = try await store.objectInfo(container: container, name: "odd.txt")
        await store.shutdown()
        XCTAssertEqual(info.bytes, 6)
        XCTAssertEqual(info.etag, "b1946ac92492d2347c6235b4d2611184")
        XCTAssertEqual(info.contentType, "text/plain")
        XCTAssertNotNil(info.lastModified)
        let problem = try XCTUnwrap(info.metadataProblem)
        XCTAssertTrue(problem.contains("sent a header that is not valid HTTP"), problem)
    }

    /// One request with python3's http.client, which sends header bytes as given.
    static func request(_ method: String, _ url: String, token: String, body: String = "", header: String? = nil) throws {
        let program = """
            import http.client, sys, urllib.parse
            method, url, token, body, header = sys.argv[1:6]
            parts = urllib.parse.urlsplit(url)
            c = http.client.HTTPConnection(parts.hostname, parts.port)
            c.putrequest(method, urllib.parse.quote(parts.path))
            c.putheader('X-Auth-Token', token)
            if header:
                name, value = header.split(': ', 1)
                c.putheader(name.encode('utf-8'), value.encode('utf-8'))
            c.putheader('Content-Length', str(len(body.encode())))
            c.putheader('Content-Type', 'text/plain')
            c.endheaders(body.encode())
            status = c.getresponse().status
            sys.exit(0 if 200 <= status < 300 else status % 256 or 1)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", program, method, url, token, body, header ?? ""]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(method) \(url)")
    }
}
