import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    public func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        var headers: HTTPHeaders = [:]
        if let range { headers.add(name: "Range", value: "bytes=\(range.lowerBound)-\(range.upperBound)") }
        if let ifMatch { headers.add(name: "If-Match", value: "\"\(ifMatch)\"") }
        let response = try await open(.GET, S3Target(bucket: container, key: name, query: Self.versionQuery(version)), headers: headers)
        switch response.status.code {
        case 200, 206: break
        case 412: throw StorageError.changed(container: container, name: name)
        default:
            let answer = await response.collected(upTo: options.maximumResponseBytes)
            if version != nil, let failure = try await missing(answer, container: container, name: name, version: version) { throw failure }
            throw failure(answer, bucket: container, key: name)
        }
        var info = S3Headers.objectInfo(response.headers, container: container, name: name, opacity: etagOpacity)
        info.version = version
        let expected = info.bytes
        if let total = response.totalBytesOfRange { info.bytes = total }
        try await exchange.drain(response, expected: expected, name: name, url: name, receive: receive)
        return info
    }
}
