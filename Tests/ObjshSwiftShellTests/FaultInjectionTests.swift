import FaultProxyHarness
import Foundation
import XCTest

/// The real `objsh` binary through `scripts/fault-proxy` to the real Swift server.
final class FaultInjectionTests: XCTestCase {
    static let seeded = "objsh-faults-5k"
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-faults-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try ServerByHand.seed(Self.seeded, count: 5_000, flat: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testRefusedTokenMidSessionLogsInOnceAndGoesOn() throws {
        let expected = (0..<5_000).map { String(format: "o%06d.txt", $0) + "\n" }.joined()
        let proxy = try FaultProxy(faults: .on([("401", "GET /v1/AUTH_test/\(Self.seeded)?")]))
        let run = try proxy.objsh("cd \(Self.seeded)\nls", home: home, readTimeout: 1, debug: true)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, expected)
        XCTAssertEqual(proxy.injected, ["401"])
        XCTAssertEqual(proxy.log.filter { $0.contains(" GET /auth/") }.count, 2, "one login, one renewal: \(proxy.log)")
        XCTAssertTrue(run.errors.contains("→ 401"), run.errors)
    }
}
