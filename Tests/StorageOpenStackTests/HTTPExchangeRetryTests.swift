import FaultProxyHarness
import Foundation
import NIOHTTP1
import Storage
import StorageHTTP
import XCTest

/// The one retry loop, seen through `open` (the streamed answers of downloads and
/// listings) as well as `send`: the same rules and the same `retry:` lines for both.
final class HTTPExchangeRetryTests: XCTestCase {
    func testOpenRetriesAnIdempotentRequestAndSaysSoInTheDebugLog() async throws {
        let server = try BusyServer(failures: 2, retryAfter: "0")
        let (exchange, lines) = try exchange(retry: RetryPolicy(maximumTries: 5, initialBackoff: 0.01, maximumBackoff: 0.05))
        let response = try await exchange.open(HTTPExchangeRequest(method: .GET, url: server.url("/obj")))
        XCTAssertEqual(response.status.code, 200)
        let body = try await response.body.collect(upTo: 1 << 10)
        XCTAssertEqual(String(buffer: body), "done")
        XCTAssertEqual(server.requests, ["GET /obj", "GET /obj", "GET /obj"])
        let retries = lines.all.filter { $0.hasPrefix("retry: ") }
        XCTAssertEqual(retries.count, 2, "\(lines.all)")
        XCTAssertTrue(retries[0].hasPrefix("retry: GET \(server.url("/obj")) after status 503; try 2 of 5"), retries[0])
        await exchange.clients.shutdown()
    }

    func testOpenDoesNotRetryARequestThatIsNotIdempotent() async throws {
        let server = try BusyServer(failures: 3, retryAfter: "0")
        let (exchange, lines) = try exchange(retry: RetryPolicy(maximumTries: 5, initialBackoff: 0.01, maximumBackoff: 0.05))
        let response = try await exchange.open(HTTPExchangeRequest(method: .POST, url: server.url("/obj")))
        XCTAssertEqual(response.status.code, 503, "the first answer stands")
        _ = try await response.body.collect(upTo: 1 << 10)
        XCTAssertEqual(server.requests, ["POST /obj"])
        XCTAssertTrue(lines.all.allSatisfy { !$0.hasPrefix("retry: ") })
        await exchange.clients.shutdown()
    }

    /// A `Retry-After` longer than what is left of the total wait is cut to it, and once
    /// the total wait is spent the last answer stands: two tries here, not five.
    func testOpenStopsWhenTheTotalWaitIsSpent() async throws {
        let server = try BusyServer(failures: 10, retryAfter: "1")
        let policy = RetryPolicy(maximumTries: 5, initialBackoff: 0.01, maximumBackoff: 5, maximumTotalWait: 0.2)
        let (exchange, lines) = try exchange(retry: policy)
        let started = ContinuousClock.now
        let response = try await exchange.open(HTTPExchangeRequest(method: .GET, url: server.url("/obj")))
        XCTAssertEqual(response.status.code, 503)
        _ = try await response.body.collect(upTo: 1 << 10)
        XCTAssertEqual(server.requests, ["GET /obj", "GET /obj"])
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(1), "the 1 s Retry-After was cut to the 0.2 s left")
        XCTAssertEqual(lines.all.filter { $0.hasPrefix("retry: ") }.count, 1)
        XCTAssertTrue(lines.all.contains { $0.hasSuffix("try 2 of 5 in 200 ms") }, "\(lines.all)")
        await exchange.clients.shutdown()
    }

    /// A `Retry-After` past all objsh ever waits (a year) is said at once: one try, no pause.
    func testARetryAfterPastEveryWaitIsSaidNotSlept() async throws {
        let server = try BusyServer(failures: 10, retryAfter: "31536000")
        let (exchange, lines) = try exchange(retry: RetryPolicy())
        let started = ContinuousClock.now
        do {
            _ = try await exchange.send(HTTPExchangeRequest(method: .GET, url: server.url("/obj")))
            XCTFail("a year's wait was not said")
        } catch let error as StorageError {
            XCTAssertEqual(error, .waitTooLong(status: 503, retryAfter: 31_536_000, limit: 60))
        }
        XCTAssertEqual(server.requests, ["GET /obj"])
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        XCTAssertTrue(lines.all.allSatisfy { !$0.hasPrefix("retry: ") })
        await exchange.clients.shutdown()
    }

    /// A whole answer past `maximumResponseBytes`, even one that never ends, fails at the bound.
    func testAnEndlessAnswerEndsAtTheBound() async throws {
        let server = try PythonServer(arguments: ["-c", Self.endless])
        var options = HTTPStoreOptions()
        options.maximumResponseBytes = 1 << 20
        let clients = try StoreHTTPClient(cluster: "t", options: options, insecure: false, caVariable: "OS_CACERT", environment: [:])
        let exchange = HTTPExchange(clients: clients, options: options, log: nil)
        do {
            _ = try await exchange.send(HTTPExchangeRequest(method: .GET, url: "http://127.0.0.1:\(server.port)/list"))
            XCTFail("an endless answer was taken")
        } catch let error as StorageError {
            XCTAssertEqual(error, .invalidResponse("127.0.0.1:\(server.port) sent an answer over 1 MiB, more than a listing or an error takes"))
        }
        await clients.shutdown()
    }

    private static let endless = PythonServer.serving(
        """
        import http.server, os, sys, threading
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'
            def do_GET(self):
                self.send_response(200)
                self.send_header('Transfer-Encoding', 'chunked')
                self.end_headers()
                try:
                    while True: self.wfile.write(b'10000\\r\\n' + b' ' * 65536 + b'\\r\\n')
                except OSError: pass
            def log_message(self, *args): pass
        """)

    func testSendFollowsTheSameRules() async throws {
        let server = try BusyServer(failures: 1, retryAfter: "0")
        let (exchange, lines) = try exchange(retry: RetryPolicy(maximumTries: 5, initialBackoff: 0.01, maximumBackoff: 0.05))
        let response = try await exchange.send(HTTPExchangeRequest(method: .HEAD, url: server.url("/obj")))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requests, ["HEAD /obj", "HEAD /obj"])
        XCTAssertEqual(lines.all.filter { $0.hasPrefix("retry: HEAD ") }.count, 1)
        await exchange.clients.shutdown()
    }

    private func exchange(retry: RetryPolicy) throws -> (HTTPExchange, DebugLines) {
        var options = HTTPStoreOptions()
        options.retry = retry
        let clients = try StoreHTTPClient(cluster: "t", options: options, insecure: false, caVariable: "OS_CACERT", environment: [:])
        let lines = DebugLines()
        let exchange = HTTPExchange(clients: clients, options: options, log: lines.log)
        return (exchange, lines)
    }
}

/// Answers 503 with `Retry-After` to the first `failures` requests of any method, then
/// 200 `done`; logs `METHOD PATH` lines.
private final class BusyServer {
    private let server: PythonServer
    private let logFile = NSTemporaryDirectory() + "objsh-busy-" + UUID().uuidString

    init(failures: Int, retryAfter: String) throws {
        server = try PythonServer(arguments: ["-c", Self.program, String(failures), retryAfter, logFile])
    }

    deinit { try? FileManager.default.removeItem(atPath: logFile) }

    func url(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }

    var requests: [String] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private static let program = PythonServer.serving(
        lifetime: 120,
        """
        import http.server, os, sys, threading
        failures, retry_after, log = int(sys.argv[1]), sys.argv[2], sys.argv[3]
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'
            def answer(self):
                global failures
                length = int(self.headers.get('Content-Length') or 0)
                if length: self.rfile.read(length)
                with open(log, 'a') as f: f.write(f'{self.command} {self.path}\\n')
                busy = failures > 0
                failures -= 1
                body = b'busy' if busy else b'done'
                self.send_response(503 if busy else 200)
                if busy: self.send_header('Retry-After', retry_after)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                if self.command != 'HEAD': self.wfile.write(body)
            do_GET = do_HEAD = do_POST = do_PUT = answer
            def log_message(self, *args): pass
        """)
}
