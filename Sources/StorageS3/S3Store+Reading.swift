import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    public func readObject(
        container: String, name: String, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        var headers: HTTPHeaders = [:]
        if let range { headers.add(name: "Range", value: "bytes=\(range.lowerBound)-\(range.upperBound)") }
        if let ifMatch { headers.add(name: "If-Match", value: "\"\(ifMatch)\"") }
        let response = try await open(.GET, S3Target(bucket: container, key: name), headers: headers)
        switch response.status.code {
        case 200, 206: break
        case 412: throw StorageError.changed(container: container, name: name)
        default: throw failure(await response.collected(upTo: options.maximumResponseBytes), bucket: container, key: name)
        }
        var info = S3Headers.objectInfo(response.headers, container: container, name: name, opacity: etagOpacity)
        let expected = info.bytes
        if let total = response.totalBytesOfRange { info.bytes = total }
        try await exchange.drain(response, expected: expected, name: name, url: name, receive: receive)
        return info
    }
}
