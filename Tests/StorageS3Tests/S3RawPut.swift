import NIOHTTP1
import XCTest

@testable import StorageS3

extension S3Store {
    /// A PUT as another client would make it: `body` with `headers`, signed with its SHA-256.
    func rawPut(bucket: String, key: String, _ body: [UInt8], _ headers: HTTPHeaders) async throws {
        var headers = headers
        headers.add(name: "Content-Length", value: String(body.count))
        let response = try await send(
            .PUT, S3Target(bucket: bucket, key: key), headers: headers, payloadHash: SigV4Signer.sha256Hex(body), body: { .bytes(body) })
        XCTAssertEqual(response.status, 200, response.errorText)
    }
}
