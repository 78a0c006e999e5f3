import FaultProxyHarness
import Foundation
import XCTest

/// objsh through a fault proxy: the cluster `faulty` signs in at the proxy, so its
/// storage URL (rewritten by the proxy) points there too.
extension FaultProxy {
    /// The port of the test Swift server, which the proxy forwards to.
    static func upstreamPort() throws -> Int {
        try XCTUnwrap(port(of: try ObjshRun.server().auth))
    }

    /// A proxy in front of the test Swift server.
    convenience init(faults: Faults) throws {
        try self.init(upstreamPort: try Self.upstreamPort(), faults: faults)
    }

    /// `objsh -q [--debug] --cluster faulty -c SCRIPT` with short timeouts, through this proxy.
    func objsh(_ script: String, home: String, readTimeout: Double, debug: Bool = false) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q"] + (debug ? ["--debug"] : []) + ["--cluster", "faulty", "-c", script], config: try config(readTimeout: readTimeout), home: home)
    }

    /// The config file that defines the cluster `faulty`, with short timeouts.
    func config(readTimeout: Double) throws -> String {
        let server = try ObjshRun.server()
        return """
            [cluster faulty]
            type = swift
            auth_url = \(rewrite(server.auth, upstreamPort: try Self.upstreamPort()))
            user = \(server.user)
            key = \(server.key)
            connect_timeout = 2
            read_timeout = \(readTimeout)
            """
    }
}
