import Foundation
import Storage
import XCTest

@testable import StorageOpenStack

/// The catalog choice and the token lifetime, on answers shaped like Keystone 22's.
final class KeystoneAnswerTests: XCTestCase {
    private func answer(catalog: String) throws -> KeystoneAnswer {
        try KeystoneAnswer.decode(
            Data(
                """
                {"token": {"methods": ["password"], "expires_at": "2026-11-23T01:07:15.000000Z",
                 "project": {"id": "p1", "name": "demo", "domain": {"id": "default", "name": "Default"}},
                 "catalog": \(catalog)}}
                """.utf8))
    }

    private let twoRegions = """
        [{"type": "identity", "name": "keystone", "id": "i", "endpoints": [
           {"id": "e0", "interface": "public", "region_id": "RegionOne", "region": "RegionOne", "url": "http://k/v3"}]},
         {"type": "object-store", "name": "swift", "id": "s", "endpoints": [
           {"id": "e1", "interface": "public", "region_id": "RegionOne", "region": "RegionOne", "url": "http://one/v1/AUTH_p1"},
           {"id": "e2", "interface": "internal", "region_id": "RegionOne", "region": "RegionOne", "url": "http://one-int/v1/AUTH_p1"},
           {"id": "e3", "interface": "public", "region_id": "RegionTwo", "region": "RegionTwo", "url": "http://two/v1/AUTH_p1"}]}]
        """

    func testEndpointByRegionAndInterface() throws {
        let answer = try answer(catalog: twoRegions)
        XCTAssertEqual(try answer.storageURL(region: nil, interface: "public"), "http://one/v1/AUTH_p1")
        XCTAssertEqual(try answer.storageURL(region: "RegionTwo", interface: "public"), "http://two/v1/AUTH_p1")
        XCTAssertEqual(try answer.storageURL(region: "RegionOne", interface: "internal"), "http://one-int/v1/AUTH_p1")
        XCTAssertEqual(answer.expiresAt, Date(timeIntervalSince1970: 1_795_396_035))
    }

    func testMissingEndpointsNameWhatExists() throws {
        let answer = try answer(catalog: twoRegions)
        XCTAssertThrowsError(try answer.storageURL(region: "RegionThree", interface: "public")) { error in
            XCTAssertEqual(error as? StorageError, .unauthorized("no object-store in region RegionThree; the catalog has RegionOne, RegionTwo"))
        }
        XCTAssertThrowsError(try answer.storageURL(region: "RegionTwo", interface: "admin")) { error in
            XCTAssertEqual(error as? StorageError, .unauthorized("no admin object-store endpoint in RegionTwo; it has public"))
        }
        let noSwift = try self.answer(catalog: "[]")
        XCTAssertThrowsError(try noSwift.storageURL(region: nil, interface: "public")) { error in
            guard case .unauthorized(let message) = error as? StorageError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("Keystone's catalog for project demo has no object-store service"), message)
        }
        XCTAssertThrowsError(try KeystoneAnswer.decode(Data("<html>".utf8)))
    }

    func testATokenIsRenewedAMinuteBeforeItExpires() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        func credentials(expiringIn seconds: TimeInterval?) -> SwiftCredentials {
            SwiftCredentials(storageURL: "http://s", token: "t", expiresAt: seconds.map { now.addingTimeInterval($0) })
        }
        XCTAssertFalse(SwiftSession.needsRenewal(credentials(expiringIn: nil), now: now))
        XCTAssertFalse(SwiftSession.needsRenewal(credentials(expiringIn: 3600), now: now))
        XCTAssertTrue(SwiftSession.needsRenewal(credentials(expiringIn: 30), now: now))
        XCTAssertTrue(SwiftSession.needsRenewal(credentials(expiringIn: -5), now: now))
    }
}
