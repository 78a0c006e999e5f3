import Foundation

/// `scripts/fault-proxy` in front of the real Swift server: it forwards requests and
/// injects faults (5xx, 401, resets, cut bodies, stalls) by chance with a seed, or by
/// rule. It listens on a free port and leaves when this object goes (its standard
/// input closes).
public final class FaultProxy {
    /// The port objsh or a store should talk to.
    public var port: Int { server.port }
    private let server: PythonServer
    private let logFile: String
    private let peakFile: String

    /// How the proxy picks its faults.
    public enum Faults {
        /// `share` of the requests (0...1), kinds drawn from `kinds`, replayable with `seed`.
        case random(share: Double, seed: Int, kinds: [String])
        /// Each rule fires once, on the first request whose `METHOD PATH` contains `text`.
        case on([(kind: String, text: String)])
    }

    /// Every kind the proxy knows but `stall`, which costs a read timeout each time.
    public static let quickKinds = ["500", "503", "401", "reset-before", "reset-during", "truncate"]

    /// A proxy to the Swift proxy server on `upstreamPort` (from `OBJSH_TEST_SWIFT_AUTH`),
    /// or another HTTP server there. The `redirect-3xx` kinds send to `redirect` (a base
    /// URL); `tls` (PEM files) makes it serve https; `keepHost` forwards the client's
    /// `Host`, which a server that checks SigV4 signatures (Ceph RGW) needs. With
    /// `counting` (a `METHOD PATH` text, as a rule's), `peakInFlight` tells the most
    /// requests that matched it in flight at once.
    public init(
        upstreamPort: Int, faults: Faults, redirect: String? = nil, tls: (certificate: String, key: String)? = nil,
        keepHost: Bool = false, counting: String? = nil
    ) throws {
        logFile = NSTemporaryDirectory() + "objsh-fault-proxy-" + UUID().uuidString
        let peakFile = logFile + ".peak"
        self.peakFile = peakFile
        var environment = ProcessInfo.processInfo.environment
        environment["OBJSH_FAULT_LOG"] = logFile
        environment["OBJSH_FAULT_PEAK"] = counting.map { peakFile + " " + $0 }
        environment["OBJSH_FAULT_PORT"] = "0"
        environment["OBJSH_FAULT_REDIRECT"] = redirect
        environment["OBJSH_FAULT_TLS_CERT"] = tls?.certificate
        environment["OBJSH_FAULT_TLS_KEY"] = tls?.key
        environment["OBJSH_FAULT_KEEP_HOST"] = keepHost ? "1" : nil
        switch faults {
        case .random(let share, let seed, let kinds):
            environment["OBJSH_FAULT_SHARE"] = String(share)
            environment["OBJSH_FAULT_SEED"] = String(seed)
            environment["OBJSH_FAULT_KINDS"] = kinds.joined(separator: ",")
        case .on(let rules):
            environment["OBJSH_FAULT_ON"] = rules.map { "\($0.kind) \($0.text)" }.joined(separator: ";")
        }
        server = try PythonServer(
            arguments: [Self.repositoryRoot + "/scripts/fault-proxy", String(upstreamPort)],
            environment: environment)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: logFile)
        try? FileManager.default.removeItem(atPath: peakFile)
    }

    /// The most requests that matched `counting` in flight at once so far.
    public var peakInFlight: Int {
        Int(((try? String(contentsOfFile: peakFile, encoding: .utf8)) ?? "0").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The requests seen so far, as `N METHOD PATH KIND` (`-` for none).
    public var log: [String] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The faults injected so far, by kind.
    public var injected: [String] {
        log.compactMap { $0.split(separator: " ").last.map(String.init) }.filter { $0 != "-" }
    }

    /// `url` (an auth or storage URL of the real server) pointed at the proxy instead.
    public func rewrite(_ url: String, upstreamPort: Int) -> String {
        url.replacingOccurrences(of: "127.0.0.1:\(upstreamPort)", with: "127.0.0.1:\(port)")
    }

    /// The port of an `http://127.0.0.1:PORT/...` URL.
    public static func port(of url: String) -> Int? {
        URLComponents(string: url)?.port
    }

    /// Waits until a logged request contains `text`, up to `limit` (a bound on a
    /// broken run, not a timing assumption); whether it was seen.
    public func waitForRequest(containing text: String, limit: Duration = .seconds(60)) -> Bool {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if log.contains(where: { $0.contains(text) }) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// The repository's root, for `scripts/`.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
