import Clusters
import Foundation
import Storage
import StorageOpenStack
import StorageS3
import XCTest

/// The test server's S3 face (`s3api` on the Swift proxy), from `OBJSH_TEST_S3_*`
/// (written by `scripts/swift-server start DIR` into `DIR/env`).
enum S3TestServer {
    static let environment = ProcessInfo.processInfo.environment

    /// The test user's S3 endpoint; skips the test when no server is configured.
    static func endpoint() throws -> S3Endpoint {
        guard let url = environment["OBJSH_TEST_S3_ENDPOINT"], let access = environment["OBJSH_TEST_S3_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_S3_SECRET_KEY"]
        else {
            throw XCTSkip(
                "no S3 server: OBJSH_TEST_S3_ENDPOINT/_ACCESS_KEY/_SECRET_KEY are unset; run the README's test command, "
                    + "which starts one with scripts/swift-server start DIR and exports DIR/env")
        }
        return S3Endpoint(endpoint: url, region: "us-east-1", accessKey: access, secretKey: secret)
    }

    /// The same account through the Swift API.
    static func swiftEndpoint() throws -> SwiftEndpoint {
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"]
        else { throw XCTSkip("no Swift server") }
        return SwiftEndpoint(authURL: auth, user: user, key: key)
    }

    /// The repository's root, for `scripts/`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Fills `container` with `count` objects through `scripts/swift-seed` (the Swift
    /// API's bulk extract: the S3 view is the same account); a container seeded before is reused.
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
}
