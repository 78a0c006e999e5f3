import Clusters
import Foundation
import Storage
import StorageHTTP
import StorageOpenStack
import XCTest

/// Retries and checksum checks against a scripted server (no Swift server needed).
final class SwiftRetryTests: XCTestCase {
    private func store(port: Int) throws -> SwiftStore {
        try SwiftStore(
            endpoint: SwiftEndpoint(storageURL: "http://127.0.0.1:\(port)/v1/AUTH_x", token: "t"),
            options: SwiftStoreOptions(retry: RetryPolicy(maximumTries: 5, initialBackoff: 0.05, maximumBackoff: 0.2)))
    }

    func testServiceUnavailableIsRetriedUntilItAnswers() async throws {
        let server = try ScriptedServer(failures: 4)
        let store = try store(port: server.port)
        let containers = try await store.listContainers(ListingQuery())
        XCTAssertEqual(containers, [])
        XCTAssertEqual(server.requests.count, 5, "four 503s, then the fifth and last try")
        await store.shutdown()
    }

    func testFiveFailuresGiveTheServersError() async throws {
        let server = try ScriptedServer(failures: 5)
        let store = try store(port: server.port)
        do {
            _ = try await store.listContainers(ListingQuery())
            XCTFail("a server that kept failing was believed")
        } catch let error as StorageError {
            XCTAssertEqual(error, .server(status: 503, message: "busy"))
        }
        XCTAssertEqual(server.requests.count, 5)
        await store.shutdown()
    }

    func testWrongETagDeletesTheObjectAndSaysSo() async throws {
        let server = try ScriptedServer(failures: 0)
        let store = try store(port: server.port)
        let file = NSTemporaryDirectory() + "objsh-etag-" + UUID().uuidString
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            _ = try await store.putObject(container: "c", name: "a b.txt", fileAt: file, contentType: nil)
            XCTFail("a wrong ETag was accepted")
        } catch let error as StorageError {
            let wrong = StoredWrong(
                container: "c", name: "a b.txt", expected: "b1946ac92492d2347c6235b4d2611184", actual: "00000000000000000000000000000000",
                remains: .nothing)
            XCTAssertEqual(error, .storedWrong(wrong), "the claim that nothing is left follows the HEAD that found nothing")
        }
        XCTAssertEqual(
            server.requests,
            ["PUT /v1/AUTH_x/c/a%20b.txt", "DELETE /v1/AUTH_x/c/a%20b.txt", "HEAD /v1/AUTH_x/c/a%20b.txt", "HEAD /v1/AUTH_x/c"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: file), "the local file is kept")
        await store.shutdown()
    }
}
