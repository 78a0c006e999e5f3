import Clusters
import Foundation
import Storage
import StorageContract
import XCTest

/// Ceph's RADOS Gateway (`scripts/rgw-server start DIR`, which writes `OBJSH_TEST_RGW_*`
/// into `DIR/env`): a third real server, one user seen through its S3 API and through
/// its Swift API (auth v1, a storage URL with no `AUTH_` account).
enum RGWTestServer {
    static let environment = ProcessInfo.processInfo.environment

    static func value(_ name: String) throws -> String {
        guard let value = environment["OBJSH_TEST_RGW_" + name], !value.isEmpty else {
            throw XCTSkip(
                "no Ceph RGW: OBJSH_TEST_RGW_\(name) is unset; run the README's test command, "
                    + "which starts one with scripts/rgw-server start DIR and exports DIR/env")
        }
        return value
    }

    /// The S3 API, path-style.
    static func s3Endpoint() throws -> S3Endpoint {
        S3Endpoint(
            endpoint: try value("ENDPOINT"), region: try value("REGION"),
            accessKey: try value("ACCESS_KEY"), secretKey: try value("SECRET_KEY"))
    }

    /// The Swift API, auth v1.
    static func swiftEndpoint() throws -> SwiftEndpoint {
        SwiftEndpoint(authURL: try value("SWIFT_AUTH"), user: try value("SWIFT_USER"), key: try value("SWIFT_KEY"))
    }

    /// How many objects the listing checks seed: more than a Swift page of 10,000 (a
    /// listing in ranges splits only after a full first page), and eleven S3 pages.
    static let seededCount = 10_500

    /// The container both APIs' listing checks share.
    static let seededContainer = "objsh-rgw-contract-\(seededCount)"

    /// A container name unique to this run, valid as a bucket name too.
    static func name(_ base: String) -> String { "rgw-\(base)-" + String(UInt32.random(in: 0...UInt32.max), radix: 36) }

    /// The repository's root, for `scripts/`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Fills `container` with `count` objects named as `ContractFixture.seededName` says,
    /// through `scripts/swift-seed` (bulk extract on RGW's Swift API, which its S3 API
    /// sees too); a container seeded before is reused.
    static func seed(container: String, count: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: repositoryRoot + "/scripts/swift-seed")
        process.arguments = ["/nonexistent", container, String(count)]
        var variables = environment
        variables["OBJSH_TEST_SWIFT_AUTH"] = try value("SWIFT_AUTH")
        variables["OBJSH_TEST_SWIFT_USER"] = try value("SWIFT_USER")
        variables["OBJSH_TEST_SWIFT_KEY"] = try value("SWIFT_KEY")
        process.environment = variables
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StorageError.io("scripts/swift-seed \(container) \(count) on RGW failed with status \(process.terminationStatus)")
        }
    }
}
