import FaultProxyHarness
import Foundation

/// A fake Swift (auth v1 and a few answers) that sends what a real one never would:
/// names with NUL and lone surrogates, raw invalid UTF-8 in a listing body, controls
/// in error bodies, and a 10,000-entry folder. (Controls in header values make NIO's
/// parser refuse the whole answer; that is the odd-header case, tested apart.) It
/// leaves when its standard input closes.
final class HostileFakeServer {
    var port: Int { server.port }
    private let server: PythonServer

    init() throws {
        server = try PythonServer(arguments: ["-c", Self.program])
    }

    var authURL: String { "http://127.0.0.1:\(port)/auth/v1.0" }

    private static let program = PythonServer.serving(
        lifetime: 300,
        #"""
        import http.server, json, os, sys, threading, urllib.parse
        ESC = '\x1b'
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'
            def answer(self, status, body=b'', headers=()):
                self.send_response(status)
                for name, value in headers: self.send_header(name, value)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                if self.command != 'HEAD': self.wfile.write(body)
            def listing(self, rows):
                # prefix, marker and limit as Swift applies them, in UTF-8 byte order.
                query = urllib.parse.parse_qs(self.path.partition('?')[2])
                key = lambda name: name.encode('utf-8', 'surrogatepass')
                prefix, marker = query.get('prefix', [''])[0], query.get('marker', [''])[0]
                limit = int(query.get('limit', ['10000'])[0])
                rows = sorted((r for r in rows if r['name'].startswith(prefix) and key(r['name']) > key(marker)), key=lambda r: key(r['name']))
                return json.dumps(rows[:limit]).encode()
            def do_HEAD(self): self.do_GET()
            def do_GET(self):
                path, _, query = self.path.partition('?')
                port = self.server.server_address[1]
                if path == '/auth/v1.0':
                    return self.answer(200, headers=[('X-Storage-Url', f'http://127.0.0.1:{port}/v1/AUTH_h'), ('X-Auth-Token', 'tk')])
                if path == '/v1/AUTH_h':
                    rows = [{'name': 'c', 'count': 3, 'bytes': 9}, {'name': 'big', 'count': 10000, 'bytes': 10000},
                            {'name': 'nul\u0000' + ESC + '[2J', 'count': 1, 'bytes': 1}, {'name': 'broken', 'count': 1, 'bytes': 1}]
                    return self.answer(200, self.listing(rows), [('X-Account-Container-Count', '4'), ('X-Account-Meta-Note', 'plain')])
                if path == '/v1/AUTH_h/c':
                    rows = [{'name': n, 'bytes': 3, 'hash': 'h', 'content_type': 'text/x' + ESC + '[1m', 'last_modified': '2024-06-01T12:00:00'}
                            for n in ['a\u0000b', 'lone\ud800surrogate', ESC + 'P+q' + ESC + '\\', 'e\u0085f\u202e']]
                    return self.answer(200, self.listing(rows), [('X-Container-Object-Count', '4')])
                if path == '/v1/AUTH_h/big':
                    rows = [{'name': f'{ESC}[{i % 7}m{i:05d}', 'bytes': 1, 'hash': 'h', 'content_type': 'x', 'last_modified': '2024-06-01T12:00:00'}
                            for i in range(10000)]
                    return self.answer(200, self.listing(rows))
                if path == '/v1/AUTH_h/broken':
                    return self.answer(200, b'[{"name": "bad \xff\xfe bytes ' + ESC.encode() + b'[2J", "bytes": 1}]')
                return self.answer(500, b'boom ' + ESC.encode() + b'[31m red \xff\x07 and more' + b'\r\nsecond line', [('Retry-After', '0')])
            def log_message(self, *args): pass
        """#)
}
