import Clusters
import Foundation
import Storage
import StorageContract
import StorageHTTP
import StorageOpenStack
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the Swift backend fails: credentials, dead and silent servers, expired tokens.
final class SwiftFailureTests: XCTestCase {
    /// Collects `--debug` lines.
    final class LogLines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    }

    func testClosedPortIsUnreachableAtOnce() async throws {
        let port = try SilentListener.closedPort()
        let store = try SwiftStore(endpoint: SwiftEndpoint(storageURL: "http://127.0.0.1:\(port)/v1/AUTH_x", token: "t"))
        let started = Date()
        do {
            _ = try await store.listContainers(ListingQuery())
            XCTFail("a closed port answered")
        } catch let error as StorageError {
            XCTAssertEqual(error, .unreachable("cannot connect to 127.0.0.1:\(port): connection refused"))
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        await store.shutdown()
    }

    func testSilentServerTimesOutWithinTheReadTimeout() async throws {
        let listener = try SilentListener()
        let store = try SwiftStore(
            endpoint: SwiftEndpoint(storageURL: "http://127.0.0.1:\(listener.port)/v1/AUTH_x", token: "t"),
            options: SwiftStoreOptions(readTimeout: 1))
        let started = Date()
        do {
            _ = try await store.containerInfo("c")
            XCTFail("a silent server answered")
        } catch let error as StorageError {
            XCTAssertEqual(error, .timedOut("127.0.0.1:\(listener.port) sent nothing for 1 s"))
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertGreaterThanOrEqual(elapsed, 0.9)
        XCTAssertLessThan(elapsed, 3)
        await store.shutdown()
    }

    func testCancellationStopsAWaitingRequest() async throws {
        let listener = try SilentListener()
        let store = try SwiftStore(endpoint: SwiftEndpoint(storageURL: "http://127.0.0.1:\(listener.port)/v1/AUTH_x", token: "t"))
        let task = Task { try await store.listObjects(in: "c", ListingQuery()) }
        // Cancel once the request is really waiting on the server, not before it starts.
        await Task.detached { listener.waitForConnection() }.value
        let started = Date()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled listing finished")
        } catch let error as StorageError {
            XCTAssertEqual(error, .cancelled)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        await store.shutdown()
    }

    func testWrongKeyIsUnauthorizedAndNeverShown() async throws {
        var endpoint = try TestServer.endpoint()
        endpoint.key = "not-the-key-42"
        let log = LogLines()
        let store = try SwiftStore(endpoint: endpoint, log: log.sink)
        do {
            _ = try await store.accountInfo()
            XCTFail("a wrong key was accepted")
        } catch let error as StorageError {
            XCTAssertEqual(error, .unauthorized("\(endpoint.authURL!) refused user \(endpoint.user!): wrong user or key"))
        }
        XCTAssertEqual(log.all.count, 1, "a refused login is not retried: \(log.all)")
        XCTAssertFalse(log.all.joined().contains("not-the-key-42"))
        await store.shutdown()
    }

    func testRefusedTokenIsRenewedOnceTransparently() async throws {
        var endpoint = try TestServer.endpoint()
        let real = try TestServer.login(endpoint)
        endpoint.storageURL = real.storageURL
        endpoint.token = "AUTH_tk00000000000000000000000000000000"
        let log = LogLines()
        let store = try SwiftStore(endpoint: endpoint, log: log.sink)
        let info = try await store.accountInfo()
        XCTAssertGreaterThanOrEqual(info.containerCount, 0)
        let lines = log.all
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("HEAD \(real.storageURL) [X-Auth-Token: <redacted>] → 401"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("GET \(endpoint.authURL!) [X-Auth-User: \(endpoint.user!), X-Auth-Key: <redacted>] → 200"), lines[1])
        XCTAssertTrue(lines[2].contains("→ 204") || lines[2].contains("→ 200"), lines[2])
        for line in lines {
            XCTAssertFalse(line.contains(endpoint.key!) || line.contains(real.token), "a secret leaked: \(line)")
        }
        // The renewed token is kept: the next request logs in no more.
        _ = try await store.listContainers(ListingQuery(limit: 1))
        XCTAssertEqual(log.all.count, 4)
        await store.shutdown()
    }

    func testRefusedTokenWithoutLoginIsUnauthorized() async throws {
        let real = try TestServer.login(try TestServer.endpoint())
        let store = try SwiftStore(endpoint: SwiftEndpoint(storageURL: real.storageURL, token: "AUTH_tkbogus"))
        do {
            _ = try await store.accountInfo()
            XCTFail("a bogus token was accepted")
        } catch let error as StorageError {
            guard case .unauthorized(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("refused the token"), message)
        }
        await store.shutdown()
    }

    func testKeyCommandGivesTheKey() async throws {
        var endpoint = try TestServer.endpoint()
        endpoint.keyCommand = "printf '%s\\n' '\(endpoint.key!)'"
        endpoint.key = nil
        let store = try SwiftStore(endpoint: endpoint)
        _ = try await store.accountInfo()
        await store.shutdown()

        endpoint.keyCommand = "echo 'vault is locked' >&2; exit 3"
        let failing = try SwiftStore(endpoint: endpoint)
        do {
            _ = try await failing.accountInfo()
            XCTFail("a failing key_command logged in")
        } catch let error as StorageError {
            XCTAssertEqual(error, .unauthorized("key_command failed with status 3: vault is locked"))
        }
        await failing.shutdown()
    }

    func testInsecureStoreWarns() async throws {
        let store = try SwiftStore(endpoint: SwiftEndpoint(storageURL: "https://127.0.0.1:1/v1/AUTH_x", token: "t", insecure: true), name: "lab")
        XCTAssertEqual(store.warnings, ["objsh: warning: cluster lab: TLS certificates are not verified (insecure)"])
        await store.shutdown()
    }

    func testLargeObjectsAreReported() async throws {
        let real = try TestServer.login(try TestServer.endpoint())
        let container = ContractFixture.uniquePrefix() + "large"
        func put(_ path: String, _ body: String, _ headers: [String: String] = [:]) throws {
            var request = URLRequest(url: URL(string: real.storageURL + "/" + path)!)
            request.httpMethod = "PUT"
            request.httpBody = Data(body.utf8)
            request.setValue(real.token, forHTTPHeaderField: "X-Auth-Token")
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (_, response) = try TestServer.synchronous(request)
            XCTAssertTrue((200...299).contains(response.statusCode), "PUT \(path): \(response.statusCode)")
        }
        try put(container, "")
        try put(container + "/seg/1", "AAA")
        try put(container + "/seg/2", "BB")
        try put(container + "/dlo", "", ["X-Object-Manifest": container + "/seg/"])
        try put(container + "/slo?multipart-manifest=put", "[{\"path\":\"/\(container)/seg/1\"},{\"path\":\"/\(container)/seg/2\"}]")
        let store = try SwiftStore(endpoint: try TestServer.endpoint())
        // Shut down on every path: a client dropped unshut stops the whole test process.
        do {
            let dynamic = try await store.objectInfo(container: container, name: "dlo")
            XCTAssertEqual(dynamic.largeObject, .dynamicManifest(container + "/seg/"))
            XCTAssertEqual(dynamic.bytes, 5)
            let isStatic = try await store.objectInfo(container: container, name: "slo")
            XCTAssertEqual(isStatic.largeObject, .staticManifest)
            XCTAssertEqual(isStatic.bytes, 5)
        } catch {
            await store.shutdown()
            throw error
        }
        await store.shutdown()
    }
}
