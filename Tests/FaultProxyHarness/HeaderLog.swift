import Foundation

/// A second host for redirect tests: an HTTP server on 127.0.0.2 (another host of this
/// machine's loopback) that answers every request 200 with an empty JSON list and logs
/// the request line and every header it received. It leaves when this object goes.
public final class HeaderLog {
    public var port: Int { server.port }
    /// `http://127.0.0.2:PORT`, the base a redirect to this host names.
    public var base: String { "http://127.0.0.2:\(port)" }
    private let server: PythonServer
    private let logFile = NSTemporaryDirectory() + "objsh-header-log-" + UUID().uuidString

    /// Header names that carry a credential of some store, sign-in or proxy, lower-cased.
    public static let credentialNames: Set<String> = [
        "x-auth-token", "x-storage-token", "x-auth-user", "x-auth-key", "x-storage-user", "x-storage-pass",
        "authorization", "proxy-authorization", "cookie", "x-amz-security-token",
        "x-amz-server-side-encryption-customer-key", "x-amz-copy-source-server-side-encryption-customer-key",
        "x-account-meta-temp-url-key", "x-account-meta-temp-url-key-2", "x-container-meta-temp-url-key",
        "x-container-meta-temp-url-key-2", "x-subject-token",
    ]

    public init() throws {
        FileManager.default.createFile(atPath: logFile, contents: nil)
        server = try PythonServer(arguments: ["-c", Self.program, logFile])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: logFile)
    }

    /// Every line logged: `> METHOD PATH` for a request, `name: value` for each of its headers.
    public var lines: [String] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The requests received, as `METHOD PATH`.
    public var requests: [String] { lines.filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) } }

    /// The headers received that carry a credential.
    public var credentialHeaders: [String] {
        lines.filter { line in
            guard !line.hasPrefix("> "), let colon = line.firstIndex(of: ":") else { return false }
            return Self.credentialNames.contains(line[..<colon].lowercased())
        }
    }

    private static let program = PythonServer.serving(
        host: "127.0.0.2",
        """
        import http.server, os, sys, threading
        LOG = sys.argv[1]
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'
            def log_message(self, *args):
                pass
            def handle_any(self):
                length = int(self.headers.get('Content-Length') or 0)
                if length:
                    self.rfile.read(length)
                with open(LOG, 'a') as log:
                    log.write(f'> {self.command} {self.path}\\n')
                    log.write(''.join(f'{name}: {value}\\n' for name, value in self.headers.items()))
                self.send_response(200)
                self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', '2')
                self.end_headers()
                if self.command != 'HEAD':
                    self.wfile.write(b'[]')
            do_GET = do_HEAD = do_PUT = do_POST = do_DELETE = do_COPY = handle_any
        """)
}
