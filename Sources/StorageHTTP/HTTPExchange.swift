import AsyncHTTPClient
import Endpoints
import NIOCore
import NIOHTTP1
import Storage

/// One HTTP request as the store describes it; the body is made anew for every try,
/// because a streamed body can be read only once.
package struct HTTPExchangeRequest: Sendable {
    package var method: HTTPMethod
    package var url: String
    package var headers: HTTPHeaders = [:]
    package var makeBody: (@Sendable () throws -> OutgoingBody)?
    /// A request of another method that is safe to send again all the same: a bulk delete,
    /// whose second try finds the names it already deleted gone.
    package var isRepeatable = false

    package init(
        method: HTTPMethod, url: String, headers: HTTPHeaders = [:],
        makeBody: (@Sendable () throws -> OutgoingBody)? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.makeBody = makeBody
    }

    /// Whether sending the request again can do no harm: the methods whose second
    /// try leaves the same state as the first (a PUT re-sends its whole body, made
    /// anew from the file, and the caller checks the ETag of what was stored).
    package var isIdempotent: Bool {
        isRepeatable || [.GET, .HEAD, .PUT, .DELETE, .OPTIONS].contains(method)
    }
}

/// A complete response: status, headers and the whole (small) body.
package struct HTTPExchangeResponse: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: ByteBuffer

    package init(status: Int, headers: HTTPHeaders, body: ByteBuffer) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The server's text for an error, trimmed and cut to about 200 characters.
    package var errorText: String {
        let text = String(buffer: body).trimmingSpaces()
        let firstLines = text.split(separator: "\n").prefix(3).joined(separator: " ")
        let message = firstLines.count > 200 ? String(firstLines.prefix(199)) + "…" : firstLines
        return message.isEmpty ? HTTPResponseStatus(statusCode: status).reasonPhrase : message
    }
}

/// Sends requests with a store's `HTTPClient`s, retrying as the `RetryPolicy` says and
/// telling the debug log about every try.
package struct HTTPExchange: Sendable {
    package let clients: StoreHTTPClient
    package let options: HTTPStoreOptions
    package let log: (@Sendable (String) -> Void)?
    /// The variable that names a CA file for this kind of store, for TLS messages.
    package let caVariable: String
    /// The busy answers this store's requests got.
    package let load = ServerLoad()

    package init(
        clients: StoreHTTPClient, options: HTTPStoreOptions, log: (@Sendable (String) -> Void)?
    ) {
        self.clients = clients
        self.options = options
        self.log = log
        self.caVariable = clients.caVariable
    }

    /// Sends `request`, retrying connection breaks (resets, answers cut short), 5xx and
    /// 429 when the request is idempotent, within the policy's tries and total wait;
    /// failures are `StorageError`s.
    package func send(_ request: HTTPExchangeRequest) async throws -> HTTPExchangeResponse {
        try await retrying(request, status: { ($0.status, $0.headers) }, discard: { _ in }) {
            try await sendOnce($0)
        }
    }

    /// The one retry loop of every request, whole or streamed: `once` makes one try of
    /// the request it is given, and an answer worth another try, or a redirect to
    /// follow, is handed to `discard` (a streamed body is drained so its connection can
    /// be used again) first. Redirects are followed as `RedirectPolicy` allows, each
    /// with its own tries.
    package func retrying<Answer>(
        _ request: HTTPExchangeRequest, status: (Answer) -> (code: Int, headers: HTTPHeaders),
        discard: (Answer) async -> Void, once: (HTTPExchangeRequest) async throws -> Answer
    ) async throws -> Answer {
        var current = request
        var followed = 0
        while true {
            let answer = try await retryingTries(current, status: status, discard: discard) { try await once(current) }
            let (code, headers) = status(answer)
            let location = headers.first(name: "Location")
            guard let next = try RedirectPolicy.next(after: current, status: code, location: location, followed: followed) else {
                return answer
            }
            await discard(answer)
            current = next
            followed += 1
        }
    }

    /// The tries of one request: only idempotent requests are tried again, within the
    /// policy's tries and total wait, and each retry is told to the debug log as a `retry:` line.
    private func retryingTries<Answer>(
        _ request: HTTPExchangeRequest, status: (Answer) -> (code: Int, headers: HTTPHeaders),
        discard: (Answer) async -> Void, once: () async throws -> Answer
    ) async throws -> Answer {
        var failedTries = 0
        var waited = 0.0
        while true {
            let reason: String
            var retryAfter: Double?
            do {
                let answer = try await once()
                let (code, headers) = status(answer)
                if ServerLoad.isBusy(status: code) { load.heardBusy() }
                guard request.isIdempotent, RetryPolicy.isRetryable(status: code) else { return answer }
                retryAfter = RetryPolicy.retryAfterWait(headers.first(name: "Retry-After"))
                let longest = max(options.retry.maximumBackoff, options.retry.maximumTotalWait)
                if let retryAfter, retryAfter > longest {
                    // A wait past all objsh ever waits is said at once, not slept in part.
                    await discard(answer)
                    throw TransportFailure(error: .waitTooLong(status: code, retryAfter: retryAfter, limit: longest), isRetryable: false)
                }
                if !canRetry(afterFailedTry: failedTries + 1, retryAfter: retryAfter, waited: waited) { return answer }
                await discard(answer)
                reason = "status \(code)"
            } catch {
                let failure = await classify(error, url: request.url)
                guard request.isIdempotent, failure.isRetryable,
                    canRetry(afterFailedTry: failedTries + 1, retryAfter: nil, waited: waited)
                else { throw failure.error }
                reason = failure.reason
            }
            failedTries += 1
            waited += try await pauseBeforeRetry(request, failedTries: failedTries, reason: reason, retryAfter: retryAfter, waited: waited)
        }
    }

    /// Waits before try `failedTries + 1` as long as the policy says, within what is left
    /// of the total wait, and says so in the debug log; returns the seconds waited.
    private func pauseBeforeRetry(
        _ request: HTTPExchangeRequest, failedTries: Int, reason: String, retryAfter: Double?, waited: Double
    ) async throws -> Double {
        let wait = options.retry.delay(afterFailedTry: failedTries, retryAfter: retryAfter, unitRandom: Double.random(in: 0..<1)) ?? 0
        let allowed = max(0, min(wait, options.retry.maximumTotalWait - waited))
        log?(
            "retry: \(request.method.rawValue) \(request.url) after \(reason); try \(failedTries + 1) of "
                + "\(options.retry.maximumTries) in \(Int(allowed * 1000)) ms")
        try await pause(seconds: allowed)
        return allowed
    }

    /// Whether the policy leaves a try after `failedTry`, and the total wait is not used up.
    private func canRetry(afterFailedTry failedTry: Int, retryAfter: Double?, waited: Double) -> Bool {
        options.retry.delay(afterFailedTry: failedTry, retryAfter: retryAfter, unitRandom: 0) != nil
            && waited < options.retry.maximumTotalWait
    }

    private func sendOnce(_ request: HTTPExchangeRequest) async throws -> HTTPExchangeResponse {
        try await tryOnce(request) { response in
            let body = request.method == .HEAD ? ByteBuffer() : try await wholeBody(of: response, for: request)
            return HTTPExchangeResponse(status: Int(response.status.code), headers: response.headers, body: body)
        }
    }

    /// The body of a small answer (a listing page, an error), read up to the bound of
    /// such answers: a longer or endless one fails at the bound, not at memory's end.
    private func wholeBody(of response: HTTPClientResponse, for request: HTTPExchangeRequest) async throws -> ByteBuffer {
        let limit = options.maximumResponseBytes
        do {
            return try await response.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            let message = "\(Self.target(of: request.url)) sent an answer over \(limit >> 20) MiB, more than a listing or an error takes"
            throw TransportFailure(error: .invalidResponse(message), isRetryable: false)
        }
    }

    /// One try of `request`: its body made anew, sent on the client for its URL, the
    /// answer handed to `read`, and the try told to the debug log.
    func tryOnce<Answer>(_ request: HTTPExchangeRequest, read: (HTTPClientResponse) async throws -> Answer) async throws -> Answer {
        try Task.checkCancellation()
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = request.method
        outgoing.headers = request.headers
        var watch: BodyWatch?
        if let makeBody = request.makeBody { (outgoing.body, watch) = try makeBody().prepared() }
        let (client, proxy) = try clients.client(for: request.url)
        let started = ContinuousClock.now
        do {
            // Stalls are caught by the read timeout, and a body the server stops taking by
            // the watch; the deadline only bounds a request that keeps trickling, so a
            // long upload is not cut short.
            let sent = outgoing
            let response = try await BodyWatch.watching(watch, limit: .milliseconds(Int64(options.readTimeout * 1000))) {
                try await client.execute(sent, timeout: .hours(24))
            }
            let answer = try await read(response)
            record(request, outcome: "\(response.status.code)", proxy: proxy, since: started)
            return answer
        } catch {
            let failure = await classify(error, url: request.url, proxy: proxy)
            record(request, outcome: "failed: \(failure.error)", proxy: proxy, since: started)
            throw failure
        }
    }

    /// What `error` means; a certificate that failed its check is fetched again to say why,
    /// and a connection that `proxy` did not make is said to be the proxy's failure.
    package func classify(_ error: Error, url: String, proxy: ProxyServer? = nil) async -> TransportFailure {
        if Task.isCancelled { return TransportFailure(error: .cancelled, isRetryable: false) }
        if let proxy, let failure = await proxyFailure(error, url: url, proxy: proxy) { return failure }
        var failure = TransportFailure.classify(
            error, target: Self.target(of: url), readTimeout: options.readTimeout,
            connectTimeout: options.connectTimeout, caVariable: caVariable)
        if case .tls(var refusal) = failure.error, refusal.reason == .unknownAuthority,
            let colon = refusal.host.lastIndex(of: ":"), let port = Int(refusal.host[refusal.host.index(after: colon)...])
        {
            let host = String(refusal.host[..<colon].filter { $0 != "[" && $0 != "]" })
            refusal.reason = await CertificateProbe.reason(host: host, port: port, timeout: options.connectTimeout)
            failure.error = .tls(refusal)
        }
        return failure
    }

    package func pause(seconds: Double) async throws {
        do {
            try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
        } catch {
            throw TransportFailure(error: .cancelled, isRetryable: false)
        }
    }

    package func record(
        _ request: HTTPExchangeRequest, outcome: String, proxy: ProxyServer? = nil, since started: ContinuousClock.Instant
    ) {
        guard let log else { return }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        log(
            HTTPDebugLine.format(
                method: request.method.rawValue, url: request.url, proxy: proxy?.redacted, headers: request.headers,
                outcome: outcome, milliseconds: milliseconds))
    }

    /// `host:port` of a URL, for messages.
    package static func target(of url: String) -> String {
        var rest = Substring(url)
        var port = "80"
        if let range = rest.range(of: "://") {
            if rest[..<range.lowerBound].lowercased() == "https" { port = "443" }
            rest = rest[range.upperBound...]
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostPort = authority.split(separator: "@").last.map(String.init) ?? String(authority)
        if hostPort.hasPrefix("[") || !hostPort.contains(":") {
            return hostPort.contains("]:") ? hostPort : hostPort + ":" + port
        }
        return hostPort
    }
}
