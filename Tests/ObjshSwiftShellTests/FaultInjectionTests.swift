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
        let proxy = try FaultProxy(upstreamPort: try upstreamPort(), faults: .on([("401", "GET /v1/AUTH_test/\(Self.seeded)?")]))
        let run = try objsh(through: proxy, "cd \(Self.seeded)\nls", debug: true)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, expected)
        XCTAssertEqual(proxy.injected, ["401"])
        XCTAssertEqual(proxy.log.filter { $0.contains(" GET /auth/") }.count, 2, "one login, one renewal: \(proxy.log)")
        XCTAssertTrue(run.errors.contains("→ 401"), run.errors)
    }

    // MARK: - Helpers


    func upstreamPort() throws -> Int {
        try XCTUnwrap(FaultProxy.port(of: try ObjshRun.server().auth))
    }

    /// A config with the cluster `faulty`, whose auth URL (and so storage URL) is the proxy's.
    func config(through proxy: FaultProxy, readTimeout: Double) throws -> String {
        let server = try ObjshRun.server()
        return """
        [cluster faulty]
        type = swift
        auth_url = \(proxy.rewrite(server.auth, upstreamPort: try upstreamPort()))
        user = \(server.user)
        key = \(server.key)
        connect_timeout = 2
        read_timeout = \(readTimeout)
        """
    }

    func objsh(through proxy: FaultProxy, _ script: String, readTimeout: Double = 1, debug: Bool = false) throws -> ObjshRun {
        try ObjshRun.run(["-q"] + (debug ? ["--debug"] : []) + ["--cluster", "faulty", "-c", script],
                         config: try config(through: proxy, readTimeout: readTimeout), home: home)
    }
}
