import FaultProxyHarness
import Foundation

/// A small Python HTTP server on 127.0.0.1 for failures a real Swift cannot be made
/// to show on demand: it answers 503 (with `Retry-After: 0`) to the first `failures`
/// requests, then serves empty listings, and answers every PUT with a wrong ETag.
/// It logs `METHOD PATH` lines, which `requests` returns.
final class ScriptedServer {
    var port: Int { server.port }
    private let server: PythonServer
    private let logFile: String

    init(failures: Int) throws {
        logFile = NSTemporaryDirectory() + "objsh-scripted-" + UUID().uuidString
        server = try PythonServer(arguments: ["-c", Self.program, String(failures), logFile])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: logFile)
    }

    /// The requests served so far, as `METHOD PATH`.
    var requests: [String] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private static let program = PythonServer.serving(
        lifetime: 120,
        """
        import http.server, os, sys, threading
        failures, log = int(sys.argv[1]), sys.argv[2]
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'
            def answer(self, status, body=b'', headers=()):
                with open(log, 'a') as f: f.write(f'{self.command} {self.path}\\n')
                self.send_response(status)
                for name, value in headers: self.send_header(name, value)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def do_GET(self):
                global failures
                if failures > 0:
                    failures -= 1
                    return self.answer(503, b'busy', [('Retry-After', '0')])
                self.answer(200, b'[]', [('Content-Type', 'application/json')])
            def do_PUT(self):
                self.rfile.read(int(self.headers['Content-Length']))
                self.answer(201, headers=[('ETag', '00000000000000000000000000000000')])
            def do_DELETE(self): self.answer(204)
            def do_HEAD(self): self.answer(404)
            def log_message(self, *args): pass
        """)
}
