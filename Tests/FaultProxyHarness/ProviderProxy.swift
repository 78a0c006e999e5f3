import Foundation

/// `scripts/provider-proxy` in front of a real S3 server (s3api or moto): it behaves as
/// a named provider does (`quirk`: `opaque-etags`, `list-v1`, `max-parts=N`,
/// `virtual-host`). It listens on a free port, printed on its first line (the wait for
/// it), and leaves when this object goes (its standard input closes).
public final class ProviderProxy {
    /// The port objsh should talk to.
    public var port: Int { server.port }
    private let server: PythonServer
    private let logFile: String

    public init(upstreamPort: Int, quirk: String) throws {
        logFile = NSTemporaryDirectory() + "objsh-provider-proxy-" + UUID().uuidString
        var environment = ProcessInfo.processInfo.environment
        environment["OBJSH_PROVIDER_LOG"] = logFile
        environment["OBJSH_PROVIDER_PORT"] = "0"
        server = try PythonServer(
            arguments: [FaultProxy.repositoryRoot + "/scripts/provider-proxy", String(upstreamPort), quirk], environment: environment)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: logFile)
    }

    /// The requests seen so far, as `METHOD HOST PATH ACTION` (`forwarded`, or the refusal).
    public var log: [String] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
