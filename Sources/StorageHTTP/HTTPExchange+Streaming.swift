import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Storage

extension HTTPExchange {
    /// Sends a request whose answer may be large and returns it with its body unread.
    /// It is retried as `send` retries (the same loop): a retried answer's body is
    /// drained first; once a response is returned, its body is the caller's to read (or drop).
    package func open(_ request: HTTPExchangeRequest) async throws -> HTTPClientResponse {
        let limit = options.maximumResponseBytes
        return try await retrying(
            request, status: { (Int($0.status.code), $0.headers) },
            discard: { _ = try? await $0.body.collect(upTo: limit) }
        ) { redirected in
            try await tryOnce(redirected) { $0 }
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

    /// The bytes a range answer holds from `Content-Range: bytes 0-9/42` (10); nil without one.
    package var bytesOfRange: Int64? {
        guard let contentRange = headers.first(name: "Content-Range"), let space = contentRange.firstIndex(of: " "),
            let slash = contentRange.lastIndex(of: "/")
        else { return nil }
        let ends = contentRange[contentRange.index(after: space)..<slash].split(separator: "-").compactMap { Int64($0) }
        return ends.count == 2 && ends[0] <= ends[1] ? ends[1] - ends[0] + 1 : nil
    }
}

extension HTTPExchange {
    /// Hands an object's body to `receive` as it arrives, and fails unless exactly
    /// `expected` bytes came: a connection that ends early is an error, not a short object.
    package func drain(
        _ response: HTTPClientResponse, expected: Int64, name: String, url: String,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws {
        if let asked = response.bytesOfRange, asked != expected {
            let range = response.headers.first(name: "Content-Range") ?? ""
            throw StorageError.invalidResponse("the answer for \(name) says \(expected) bytes (Content-Length) of a range of \(asked) (\(range))")
        }
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
