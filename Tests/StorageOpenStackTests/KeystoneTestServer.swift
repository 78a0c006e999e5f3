import Clusters
import Foundation
import Storage
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real Keystone the tests sign in to, from `OBJSH_TEST_KS_*` (written by
/// `scripts/keystone-server start DIR` into `DIR/env`).
enum KeystoneTestServer {
    static let environment = ProcessInfo.processInfo.environment

    /// A variable of the Keystone env file; skips the test when no Keystone runs.
    static func value(_ name: String) throws -> String {
        guard let value = environment["OBJSH_TEST_KS_" + name], !value.isEmpty else {
            throw XCTSkip(
                "no Keystone: OBJSH_TEST_KS_\(name) is unset; run the README's test command, "
                    + "which starts one with scripts/keystone-server")
        }
        return value
    }

    /// tester (a Swift operator on demo) by names: user and project in domain Default.
    static func passwordByNames(user: String? = nil, region: String? = nil) throws -> SwiftEndpoint {
        var settings = KeystoneSettings()
        settings.userDomainName = "Default"
        settings.projectName = try value("PROJECT")
        settings.projectDomainName = "Default"
        settings.region = region
        return SwiftEndpoint(
            authURL: try value("AUTH_URL"), user: try user ?? value("USER"), key: try value("PASSWORD"),
            keystone: settings)
    }

    /// A token for tester on demo, made by hand (not by the store), and its project's storage URL.
    static func tokenByHand() throws -> (token: String, storageURL: String) {
        let body = """
            {"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"\(try value("USER"))",\
            "domain":{"id":"default"},"password":"\(try value("PASSWORD"))"}}},\
            "scope":{"project":{"id":"\(try value("PROJECT_ID"))"}}}}
            """
        var request = URLRequest(url: URL(string: try value("AUTH_URL") + "/auth/tokens")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (_, response) = try TestServer.synchronous(request)
        guard response.statusCode == 201, let token = response.value(forHTTPHeaderField: "X-Subject-Token") else {
            throw StorageError.unauthorized("test sign-in failed: \(response.statusCode)")
        }
        return (token, "http://127.0.0.1:\(try value("SWIFT_PORT"))/v1/AUTH_\(try value("PROJECT_ID"))")
    }

    /// Revokes `token` with the admin's own token (`DELETE /v3/auth/tokens`).
    static func revoke(_ token: String) throws {
        let body = """
            {"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"admin","domain":{"id":"default"},\
            "password":"\(try value("ADMIN_PASSWORD"))"}}},"scope":{"project":{"name":"admin","domain":{"id":"default"}}}}}
            """
        var signIn = URLRequest(url: URL(string: try value("AUTH_URL") + "/auth/tokens")!)
        signIn.httpMethod = "POST"
        signIn.setValue("application/json", forHTTPHeaderField: "Content-Type")
        signIn.httpBody = Data(body.utf8)
        let (_, answer) = try TestServer.synchronous(signIn)
        guard let admin = answer.value(forHTTPHeaderField: "X-Subject-Token") else { throw StorageError.unauthorized("no admin token") }
        var revoke = URLRequest(url: URL(string: try value("AUTH_URL") + "/auth/tokens")!)
        revoke.httpMethod = "DELETE"
        revoke.setValue(admin, forHTTPHeaderField: "X-Auth-Token")
        revoke.setValue(token, forHTTPHeaderField: "X-Subject-Token")
        let (_, revoked) = try TestServer.synchronous(revoke)
        guard revoked.statusCode == 204 else { throw StorageError.server(status: revoked.statusCode, message: "revoke failed") }
    }
}

/// The `--debug` lines a store writes, collected for assertions.
final class DebugLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var log: @Sendable (String) -> Void { { [self] line in lock.withLock { lines.append(line) } } }
    var all: [String] { lock.withLock { lines } }
    /// How many tokens were asked of Keystone.
    var signIns: Int { all.filter { $0.hasPrefix("sign-in: POST") }.count }
}
