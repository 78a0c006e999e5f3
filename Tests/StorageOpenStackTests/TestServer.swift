import Clusters
import Foundation
import Storage
import StorageOpenStack
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real Swift server the tests talk to, from `OBJSH_TEST_SWIFT_*` (written by
/// `scripts/swift-server start DIR` into `DIR/env`).
enum TestServer {
    static let environment = ProcessInfo.processInfo.environment

    /// The test user's endpoint; skips the test when no server is configured.
    static func endpoint() throws -> SwiftEndpoint {
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"]
        else {
            throw XCTSkip(
                "no Swift server: OBJSH_TEST_SWIFT_AUTH/_USER/_KEY are unset; run the README's test command, "
                    + "which starts one with scripts/swift-server start DIR and exports DIR/env")
        }
        return SwiftEndpoint(authURL: auth, user: user, key: key)
    }

    /// The repository's root, for `scripts/`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Fills `container` with `count` objects through `scripts/swift-seed` (bulk
    /// extract); a container seeded before is reused.
    static func seed(container: String, count: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: repositoryRoot + "/scripts/swift-seed")
        process.arguments = ["/nonexistent", container, String(count)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StorageError.io("scripts/swift-seed \(container) \(count) failed with status \(process.terminationStatus)")
        }
    }

    /// Auth v1 by hand, for tests that need a token the store did not make.
    static func login(_ endpoint: SwiftEndpoint) throws -> (storageURL: String, token: String) {
        var request = URLRequest(url: URL(string: endpoint.authURL!)!)
        request.setValue(endpoint.user, forHTTPHeaderField: "X-Auth-User")
        request.setValue(endpoint.key, forHTTPHeaderField: "X-Auth-Key")
        let (_, response) = try synchronous(request)
        guard let storage = response.value(forHTTPHeaderField: "X-Storage-Url"),
            let token = response.value(forHTTPHeaderField: "X-Auth-Token")
        else { throw StorageError.unauthorized("test login failed") }
        return (storage, token)
    }

    /// One request with URLSession, waited for (tests only).
    static func synchronous(_ request: URLRequest) throws -> (Data, HTTPURLResponse) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<(Data, HTTPURLResponse), Error> = .failure(StorageError.io("no answer"))
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error { result = .failure(error) } else { result = .success((data ?? Data(), response as! HTTPURLResponse)) }
            done.signal()
        }.resume()
        done.wait()
        return try result.get()
    }
}
