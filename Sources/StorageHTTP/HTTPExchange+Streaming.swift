import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Storage

extension HTTPExchange {
    /// Sends a request whose answer may be large and returns it with its body unread.
    /// Connection breaks and 5xx/429 answers are retried as `send` retries them; once a
    /// response is returned, its body is the caller's to read (or drop).
    package func open(_ request: HTTPExchangeRequest) async throws -> HTTPClientResponse {
        var failedTries = 0
        while true {
            let wait: Double?
            do {
                let response = try await openOnce(request)
                let status = Int(response.status.code)
                guard RetryPolicy.isRetryable(status: status) else { return response }
                wait = options.retry.delay(
                    afterFailedTry: failedTries + 1,
                    retryAfter: RetryPolicy.retryAfterSeconds(response.headers.first(name: "Retry-After")),
                    unitRandom: Double.random(in: 0..<1))
                guard wait != nil else { return response }
                _ = try? await response.body.collect(upTo: options.maximumResponseBytes)
            } catch {
                let failure = await classify(error, url: request.url)
                guard failure.isRetryable,
                    let delay = options.retry.delay(afterFailedTry: failedTries + 1, retryAfter: nil, unitRandom: Double.random(in: 0..<1))
                else { throw failure.error }
                wait = delay
            }
            failedTries += 1
            try await pause(seconds: wait ?? 0)
        }
    }

    private func openOnce(_ request: HTTPExchangeRequest) async throws -> HTTPClientResponse {
        try Task.checkCancellation()
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = request.method
        outgoing.headers = request.headers
        if let makeBody = request.makeBody { outgoing.body = try makeBody() }
        let (client, proxy) = try clients.client(for: request.url)
        let started = ContinuousClock.now
        do {
            let response = try await client.execute(outgoing, timeout: .hours(24))
            record(request, outcome: "\(response.status.code)", proxy: proxy, since: started)
            return response
        } catch {
            let failure = await classify(error, url: request.url, proxy: proxy)
            record(request, outcome: "failed: \(failure.error)", proxy: proxy, since: started)
            throw failure
        }
    }
}

extension HTTPClientResponse {
    /// The whole (small) body, for an error message.
    package func collected(upTo limit: Int) async -> HTTPExchangeResponse {
        let body = (try? await body.collect(upTo: limit)) ?? ByteBuffer()
        return HTTPExchangeResponse(status: Int(status.code), headers: headers, body: body)
    }
}

extension HTTPClientResponse {
    /// The whole object's size from `Content-Range: bytes 0-9/42`; nil without one.
    package var totalBytesOfRange: Int64? {
        guard let contentRange = headers.first(name: "Content-Range"), let slash = contentRange.lastIndex(of: "/") else { return nil }
        return Int64(contentRange[contentRange.index(after: slash)...].trimmingCharacters(in: .whitespaces))
    }
}

extension HTTPExchange {
    /// Hands an object's body to `receive` as it arrives, and fails unless exactly
    /// `expected` bytes came: a connection that ends early is an error, not a short object.
    package func drain(
        _ response: HTTPClientResponse, expected: Int64, name: String, url: String,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws {
        var received: Int64 = 0
        do {
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { try receive($0) }
                received += Int64(buffer.readableBytes)
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw await classify(error, url: url).error
        }
        guard received == expected else {
            throw StorageError.unreachable("the download of \(name) ended after \(received) of \(expected) bytes")
        }
    }
}
