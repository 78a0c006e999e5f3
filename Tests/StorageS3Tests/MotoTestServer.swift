import Clusters
import Foundation
import Storage
import StorageContract
import StorageS3
import XCTest

/// moto's S3 (`scripts/moto-server start DIR`, which writes `OBJSH_TEST_MOTO_*` into
/// `DIR/env`): a second peer beside the test server's s3api, closer to AWS's own
/// behaviour. The open server takes any keys; the auth server checks signatures and
/// IAM policies (for plain names only: moto re-encodes the path before it checks).
enum MotoTestServer {
    static let environment = ProcessInfo.processInfo.environment

    private static func value(_ name: String) throws -> String {
        guard let value = environment[name], !value.isEmpty else {
            throw XCTSkip(
                "no moto server: \(name) is unset; run the README's test command, "
                    + "which starts one with scripts/moto-server start DIR and exports DIR/env")
        }
        return value
    }

    /// The open server, path-style at `http://127.0.0.1:PORT`.
    static func endpoint() throws -> S3Endpoint {
        S3Endpoint(
            endpoint: try value("OBJSH_TEST_MOTO_ENDPOINT"), region: "us-east-1",
            accessKey: try value("OBJSH_TEST_MOTO_ACCESS_KEY"), secretKey: try value("OBJSH_TEST_MOTO_SECRET_KEY"))
    }

    /// The open server at `http://localhost:PORT`, virtual-hosted: buckets are named in
    /// the Host header (`bucket.localhost:PORT`), which moto routes by.
    static func virtualHostEndpoint() throws -> S3Endpoint {
        var endpoint = try endpoint()
        endpoint.endpoint = "http://localhost:" + (try value("OBJSH_TEST_MOTO_PORT"))
        endpoint.addressing = .virtual
        return endpoint
    }

    /// The auth server as user `objsh` (s3:*), or `objsh-denied` (no policy); `secret`
    /// replaces the user's own.
    static func authEndpoint(denied: Bool = false, secret: String? = nil, accessKey: String? = nil) throws -> S3Endpoint {
        let user = denied ? "DENIED" : "AUTH"
        return S3Endpoint(
            endpoint: try value("OBJSH_TEST_MOTO_AUTH_ENDPOINT"), region: "us-east-1",
            accessKey: try accessKey ?? value("OBJSH_TEST_MOTO_\(user)_ACCESS_KEY"),
            secretKey: try secret ?? value("OBJSH_TEST_MOTO_\(user)_SECRET_KEY"))
    }

    /// How many objects the listing tests seed into `objsh-contract-1500`.
    static let seededCount = 1_500

    /// A bucket name unique to this run.
    static func bucket(_ base: String) -> String { "moto-\(base)-" + String(UInt32.random(in: 0...UInt32.max), radix: 36) }

    /// Fills `container` (made here, or reused when it holds `count` objects already)
    /// with objects named as `ContractFixture.seededName` says, eight PUTs at a time.
    static func seed(_ store: S3Store, container: String, count: Int) async throws {
        if (try? await store.objectInfo(container: container, name: ContractFixture.seededName(count - 1))) != nil {
            return  // seeded before in this server's life (moto keeps it until it stops)
        }
        _ = try? await store.createContainer(container)
        let file = NSTemporaryDirectory() + "objsh-moto-seed-" + UUID().uuidString
        try Data("seeded\n".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                if index >= 8 { try await group.next() }
                group.addTask {
                    _ = try await store.putObject(container: container, name: ContractFixture.seededName(index), fileAt: file, contentType: nil)
                }
            }
            try await group.waitForAll()
        }
    }
}
