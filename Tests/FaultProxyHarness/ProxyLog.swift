import Foundation
import XCTest

/// The real HTTP proxy the tests send requests through (tinyproxy, started by
/// `scripts/proxy-server`), as `DIR/env` describes it, and what its logs say it carried.
public enum TestProxy {
    /// `OBJSH_TEST_PROXY_<name>`: `URL`, `LOG`, `AUTH_URL`, `AUTH_LOG`; skips the test without it.
    public static func setting(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment["OBJSH_TEST_PROXY_" + name], !value.isEmpty else {
            throw XCTSkip("no proxy: OBJSH_TEST_PROXY_\(name) is unset; run the README's test command")
        }
        return value
    }

    /// The request lines a tinyproxy log holds, oldest first: `CONNECT host:port HTTP/1.1`
    /// for each tunnel, `GET http://host:port/path HTTP/1.1` for a plain request.
    /// tinyproxy writes the line when it reads the request, before it answers, so a
    /// request that has been answered is already in the log.
    public static func requests(in log: String) throws -> [String] {
        let text = try String(contentsOfFile: log, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.contains("]: Request (file descriptor"), let start = line.range(of: "): ") else { return nil }
            return String(line[start.upperBound...])
        }
    }
}
