import Clusters
import Foundation
import Storage
import StorageOpenStack
import XCTest

/// Keystone v3 sign-in against the real Keystone and its Swift proxy started by scripts/test.
final class KeystoneSignInTests: XCTestCase {
    private var stores: [SwiftStore] = []

    override func tearDown() async throws {
        for store in stores { await store.shutdown() }
        stores = []
    }

    private func store(_ endpoint: SwiftEndpoint, _ lines: DebugLines = DebugLines()) throws -> SwiftStore {
        let store = try SwiftStore(endpoint: endpoint, name: "ks", log: lines.log)
        stores.append(store)
        return store
    }

    /// Signs in by listing the account; the URLs the listing went to.
    private func listedURLs(_ endpoint: SwiftEndpoint) async throws -> [String] {
        let lines = DebugLines()
        _ = try await store(endpoint, lines).listContainers(ListingQuery())
        XCTAssertEqual(lines.signIns, 1, lines.all.joined(separator: "\n"))
        return lines.all.filter { $0.hasPrefix("GET ") }
    }

    private func failure(_ endpoint: SwiftEndpoint, file: StaticString = #filePath, line: UInt = #line) async throws -> StorageError {
        do {
            _ = try await store(endpoint).listContainers(ListingQuery())
        } catch let error as StorageError {
            return error
        }
        XCTFail("no error", file: file, line: line)
        return .cancelled
    }

    func testPasswordByNamesListsTheProjectsAccount() async throws {
        let urls = try await listedURLs(try KeystoneTestServer.passwordByNames())
        let project = try KeystoneTestServer.value("PROJECT_ID")
        XCTAssertTrue(urls.contains { $0.contains("/v1/AUTH_\(project)") }, urls.joined(separator: "\n"))
    }

    func testPasswordByIDs() async throws {
        var settings = KeystoneSettings()
        settings.userID = try KeystoneTestServer.value("USER_ID")
        settings.projectID = try KeystoneTestServer.value("PROJECT_ID")
        let endpoint = SwiftEndpoint(
            authURL: try KeystoneTestServer.value("AUTH_URL"), key: try KeystoneTestServer.value("PASSWORD"),
            keystone: settings)
        let urls = try await listedURLs(endpoint)
        XCTAssertTrue(urls.contains { $0.contains("/v1/AUTH_\(settings.projectID!)") }, urls.joined(separator: "\n"))
    }

    func testApplicationCredentialByIDAndByNameWithUser() async throws {
        var byID = KeystoneSettings()
        byID.applicationCredentialID = try KeystoneTestServer.value("APPCRED_ID")
        byID.applicationCredentialSecret = try KeystoneTestServer.value("APPCRED_SECRET")
        _ = try await listedURLs(SwiftEndpoint(authURL: try KeystoneTestServer.value("AUTH_URL"), keystone: byID))
        var byName = byID
        byName.applicationCredentialID = nil
        byName.applicationCredentialName = "objsh-test"
        byName.userDomainID = "default"
        _ = try await listedURLs(
            SwiftEndpoint(
                authURL: try KeystoneTestServer.value("AUTH_URL"),
                user: try KeystoneTestServer.value("USER"), keystone: byName))
    }

    func testExistingTokenGetsItsCatalogWithoutANewToken() async throws {
        let (token, _) = try KeystoneTestServer.tokenByHand()
        let lines = DebugLines()
        var settings = KeystoneSettings()
        settings.region = "RegionOne"
        let endpoint = SwiftEndpoint(authURL: try KeystoneTestServer.value("AUTH_URL"), token: token, keystone: settings)
        _ = try await store(endpoint, lines).listContainers(ListingQuery())
        XCTAssertEqual(lines.signIns, 0)
        XCTAssertTrue(lines.all.contains { $0.hasPrefix("sign-in: GET") && $0.contains("token=<redacted>") }, lines.all.joined(separator: "\n"))
    }

    func testEachRegionIsChosenByName() async throws {
        let port = try KeystoneTestServer.value("SWIFT_PORT")
        let one = try await listedURLs(try KeystoneTestServer.passwordByNames(region: "RegionOne"))
        XCTAssertTrue(one.allSatisfy { $0.contains("//127.0.0.1:\(port)/") }, one.joined(separator: "\n"))
        let two = try await listedURLs(try KeystoneTestServer.passwordByNames(region: "RegionTwo"))
        XCTAssertTrue(!two.isEmpty && two.allSatisfy { $0.contains("//localhost:\(port)/") }, two.joined(separator: "\n"))
    }

    func testUnknownRegionNamesThoseThatExist() async throws {
        let error = try await failure(try KeystoneTestServer.passwordByNames(region: "Atlantis"))
        XCTAssertEqual(error, .unauthorized("no object-store in region Atlantis; the catalog has RegionOne, RegionTwo"))
    }

    func testStorageURLOverridesTheCatalog() async throws {
        var endpoint = try KeystoneTestServer.passwordByNames(region: "RegionTwo")
        endpoint.storageURL = try KeystoneTestServer.tokenByHand().storageURL
        let urls = try await listedURLs(endpoint)
        XCTAssertTrue(urls.allSatisfy { $0.contains("//127.0.0.1:") }, urls.joined(separator: "\n"))
    }

    func testWrongPasswordAndUnknownProjectGiveKeystonesWords() async throws {
        var wrong = try KeystoneTestServer.passwordByNames()
        wrong.key = "not-the-password"
        guard case .unauthorized(let message) = try await failure(wrong) else { return XCTFail() }
        XCTAssertTrue(message.hasPrefix("Keystone refused the sign-in (password user=tester@Default"), message)
        XCTAssertTrue(message.contains("requires authentication"), message)
        XCTAssertFalse(message.contains("not-the-password"), message)
        var unknown = try KeystoneTestServer.passwordByNames()
        unknown.keystone?.projectName = "no-such-project"
        guard case .unauthorized(let other) = try await failure(unknown) else { return XCTFail() }
        XCTAssertTrue(other.contains("project=no-such-project@Default"), other)
    }

    func testKeystoneUnreachableIsToldApartFromSwift() async throws {
        var endpoint = try KeystoneTestServer.passwordByNames()
        endpoint.authURL = "http://127.0.0.1:1/v3"
        let down = try await failure(endpoint)
        XCTAssertEqual(down, .unreachable("Keystone at http://127.0.0.1:1/v3: cannot connect to 127.0.0.1:1: connection refused"))
        var v2 = endpoint
        v2.authURL = "http://127.0.0.1:1/v2.0"
        guard case .unauthorized(let message) = try await failure(v2) else { return XCTFail() }
        XCTAssertTrue(message.contains("is Keystone v2.0"), message)
    }

    func testAUserWithoutTheOperatorRoleGetsThe403Line() async throws {
        let error = try await failure(try KeystoneTestServer.passwordByNames(user: try KeystoneTestServer.value("USER2")))
        guard case .unauthorized(let message) = error else { return XCTFail("\(error)") }
        XCTAssertTrue(message.contains("403") && message.contains("operator role"), message)
    }

    /// The store holds a token Keystone has revoked (the proxy never saw it, so no cache
    /// keeps it alive): Swift's 401 brings one new sign-in, and the command goes on.
    func testARevokedTokenIsRenewedOnceAndTheCommandGoesOn() async throws {
        let (token, storageURL) = try KeystoneTestServer.tokenByHand()
        try KeystoneTestServer.revoke(token)
        var endpoint = try KeystoneTestServer.passwordByNames()
        endpoint.token = token
        endpoint.storageURL = storageURL
        let lines = DebugLines()
        let store = try store(endpoint, lines)
        let container = "ks-renew-" + UUID().uuidString.prefix(8)
        try await store.createContainer(container)
        XCTAssertEqual(lines.signIns, 1, lines.all.joined(separator: "\n"))
        XCTAssertTrue(lines.all.contains { $0.contains("→ 401") }, lines.all.joined(separator: "\n"))
        let names = try await store.listContainers(ListingQuery(prefix: container)).map(\.name)
        XCTAssertEqual(names, [container])
        for _ in 0..<3 { _ = try await store.accountInfo() }
        XCTAssertEqual(lines.signIns, 1, "the new token serves the rest of the session")
        try await store.deleteContainer(container)
    }

    func testOneTokenPerStoreAndNoSecretInTheDebugLines() async throws {
        let lines = DebugLines()
        let endpoint = try KeystoneTestServer.passwordByNames()
        let store = try store(endpoint, lines)
        await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try await store.accountInfo() } }
        }
        _ = try await store.listContainers(ListingQuery())
        XCTAssertEqual(lines.signIns, 1)
        let text = lines.all.joined(separator: "\n")
        XCTAssertFalse(text.contains(try KeystoneTestServer.value("PASSWORD")), text)
        XCTAssertTrue(text.contains("password=<redacted>") && text.contains("token <redacted>"), text)
    }
}
