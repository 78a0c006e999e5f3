import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    public func readObject(container: String, name: String, range: ClosedRange<Int64>?, ifMatch: String?,
                           receive: (UnsafeRawBufferPointer) throws -> Void) async throws -> ObjectInfo {
        var headers: HTTPHeaders = [:]
        if let range { headers.add(name: "Range", value: "bytes=\(range.lowerBound)-\(range.upperBound)") }
        if let ifMatch { headers.add(name: "If-Match", value: "\"\(ifMatch)\"") }
        let response = try await open(.GET, S3Target(bucket: container, key: name), headers: headers)
        switch response.status.code {
        case 200, 206: break
        case 412: throw StorageError.changed(container: container, name: name)
        default: throw failure(await response.collected(upTo: options.maximumResponseBytes), bucket: container, key: name)
        }
        var info = S3Headers.objectInfo(response.headers, container: container, name: name)
        let expected = info.bytes
        if let total = S3Headers.totalBytes(contentRange: response.headers.first(name: "Content-Range")) { info.bytes = total }
        var received: Int64 = 0
        do {
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { try receive($0) }
                received += Int64(buffer.readableBytes)
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw exchange.classify(error, url: name).error
        }
        guard received == expected else {
            throw StorageError.unreachable("the download of \(name) ended after \(received) of \(expected) bytes")
        }
        return info
    }
}
