import Clusters
import Endpoints
import XCTest

/// Which proxy a request takes, checked against curl's reading of the variables.
final class ProxyChoiceTests: XCTestCase {
    private let proxyA = ProxyServer(host: "a.proxy", port: 3128)
    private let proxyB = ProxyServer(host: "b.proxy", port: 8080)

    func testVariablesAsCurlReadsThem() {
        let cases: [(environment: [String: String], url: String, expected: ProxyChoice, line: UInt)] = [
            ([:], "https://s3.example.com/b", .direct, #line),
            (["https_proxy": "a.proxy:3128"], "https://s3.example.com/b", .via(proxyA), #line),
            (["HTTPS_PROXY": "http://a.proxy:3128"], "https://s3.example.com/b", .via(proxyA), #line),
            (["https_proxy": "a.proxy:3128", "HTTPS_PROXY": "b.proxy:8080"], "https://h/", .via(proxyA), #line),
            (["http_proxy": "a.proxy:3128"], "http://swift.example:8080/v1", .via(proxyA), #line),
            // curl ignores HTTP_PROXY: a CGI request's Proxy: header arrives as that name.
            (["HTTP_PROXY": "a.proxy:3128"], "http://swift.example:8080/v1", .direct, #line),
            (["http_proxy": "a.proxy:3128"], "https://swift.example/v1", .direct, #line),
            (["https_proxy": "a.proxy:3128"], "http://swift.example/v1", .direct, #line),
            (["ALL_PROXY": "b.proxy:8080"], "http://swift.example/v1", .via(proxyB), #line),
            (["all_proxy": "b.proxy:8080"], "https://swift.example/v1", .via(proxyB), #line),
            (["all_proxy": "b.proxy:8080", "https_proxy": "a.proxy:3128"], "https://h/", .via(proxyA), #line),
            (["https_proxy": "", "all_proxy": "b.proxy:8080"], "https://h/", .via(proxyB), #line),
            (["https_proxy": "https://a.proxy:3128"], "https://h/", .invalid(setting: "https_proxy"), #line),
            (["https_proxy": "a.proxy:port"], "https://h/", .invalid(setting: "https_proxy"), #line),
            (["https_proxy": "a.proxy"], "https://h/", .via(ProxyServer(host: "a.proxy", port: 1080)), #line),
            (["all_proxy": "socks5h://b.proxy:8080"], "https://h/", .via(ProxyServer(kind: .socks5, host: "b.proxy", port: 8080)), #line),
            (["all_proxy": "socks5://u:p@b.proxy:8080"], "https://h/", .invalid(setting: "all_proxy"), #line),
        ]
        for test in cases {
            XCTAssertEqual(ProxyChoice.choose(for: test.url, setting: nil, environment: test.environment), test.expected, line: test.line)
        }
    }

    func testNoProxyEntries() {
        let cases: [(noProxy: String, url: String, bypassed: Bool, line: UInt)] = [
            ("*", "https://anything.example/", true, #line),
            ("example.com", "https://example.com/", true, #line),
            ("example.com", "https://s3.eu.example.com/", true, #line),
            (".example.com", "https://s3.example.com/", true, #line),
            (".example.com", "https://example.com/", true, #line),
            ("example.com", "https://badexample.com/", false, #line),
            ("EXAMPLE.com", "https://S3.Example.COM/", true, #line),
            ("other.org, example.com", "https://s3.example.com/", true, #line),
            ("other.org example.com", "https://s3.example.com/", true, #line),
            ("127.0.0.1", "http://127.0.0.1:8080/v1", true, #line),
            ("0.0.1", "http://10.0.0.1:8080/v1", false, #line),
            ("10.0.0.0/8", "http://10.1.2.3/", true, #line),
            ("10.0.0.0/8", "http://11.1.2.3/", false, #line),
            ("::1", "http://[::1]:8080/", true, #line),
            ("[::1]:8080", "http://[::1]:8080/", true, #line),
            ("[::1]:8081", "http://[::1]:8080/", false, #line),
            ("swift.example:8080", "http://swift.example:8080/v1", true, #line),
            ("swift.example:8080", "http://swift.example:8081/v1", false, #line),
            ("swift.example:443", "https://swift.example/v1", true, #line),
            ("*.example.com", "https://s3.example.com/", false, #line),
            ("", "https://s3.example.com/", false, #line),
        ]
        for test in cases {
            for name in ["no_proxy", "NO_PROXY"] {
                let environment = ["all_proxy": "a.proxy:3128", name: test.noProxy]
                let expected: ProxyChoice = test.bypassed ? .direct : .via(proxyA)
                XCTAssertEqual(
                    ProxyChoice.choose(for: test.url, setting: nil, environment: environment), expected, "\(name)=\(test.noProxy)", line: test.line)
            }
        }
    }

    func testClusterSettingBeatsTheVariables() {
        let environment = ["https_proxy": "b.proxy:8080", "http_proxy": "b.proxy:8080"]
        XCTAssertEqual(ProxyChoice.choose(for: "https://h/", setting: "http://a.proxy:3128", environment: environment), .via(proxyA))
        XCTAssertEqual(ProxyChoice.choose(for: "http://h/", setting: "a.proxy:3128", environment: environment), .via(proxyA))
        XCTAssertEqual(ProxyChoice.choose(for: "https://h/", setting: "none", environment: environment), .direct)
        XCTAssertEqual(ProxyChoice.choose(for: "https://h/", setting: "", environment: environment), .direct)
        XCTAssertEqual(ProxyChoice.choose(for: "https://h/", setting: "ftp://a.proxy", environment: environment), .invalid(setting: "proxy"))
        // NO_PROXY still applies, as curl applies it to -x.
        XCTAssertEqual(ProxyChoice.choose(for: "https://h/", setting: "a.proxy:3128", environment: ["NO_PROXY": "h"]), .direct)
    }

    func testCredentialsAreDecodedAndNeverShown() {
        let server = ProxyServer(url: "http://ann:s%40cret@a.proxy:3128")
        XCTAssertEqual(server?.user, "ann")
        XCTAssertEqual(server?.password, "s@cret")
        XCTAssertEqual(server?.redacted, "http://<redacted>@a.proxy:3128")
        XCTAssertEqual(ProxyServer(url: "http://a.proxy:3128/")?.redacted, "http://a.proxy:3128")
        XCTAssertEqual(ProxyServer(url: "[::1]:3128")?.address, "[::1]:3128")
    }
}

/// The per-cluster `proxy` key of the config file.
final class ProxyConfigTests: XCTestCase {
    private func parse(_ proxyLine: String, type: String = "swift") throws -> [Cluster] {
        let keys = type == "swift" ? "auth_url = https://swift.corp/auth/v1.0\nuser = a:b\nkey = k" : "access_key = A\nsecret_key = S"
        return try ClusterConfigParser(path: "/cfg", home: "/home/ann").parse("[cluster c]\ntype = \(type)\n\(keys)\n\(proxyLine)\n")
    }

    func testSwiftAndS3TakeAProxy() throws {
        guard case .swift(let swift) = try parse("proxy = http://u:p@corp:3128")[0].endpoint else { return XCTFail() }
        XCTAssertEqual(swift.proxy, "http://u:p@corp:3128")
        guard case .s3(let s3) = try parse("proxy = none", type: "s3")[0].endpoint else { return XCTFail() }
        XCTAssertEqual(s3.proxy, "none")
        guard case .s3(let unset) = try parse("", type: "s3")[0].endpoint else { return XCTFail() }
        XCTAssertNil(unset.proxy)
    }

    func testAnUnusableProxyIsRefusedWithoutRepeatingIt() throws {
        XCTAssertThrowsError(try parse("proxy = https://ann:s3cret@corp:3128")) { error in
            guard case .invalidConfig(_, let line, let problem) = error as? ClusterError else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 6)
            XCTAssertFalse(problem.contains("s3cret"), problem)
            XCTAssertTrue(problem.hasPrefix("proxy is http://"), problem)
        }
    }
}
