import Foundation
import NIOHTTP1
import Storage
import StorageContract
import XCTest

@testable import StorageOpenStack

/// `meta` on the real Swift server, beyond the contract: a POST drops what it does not
/// carry, so X-Delete-At, Content-Encoding and a dynamic large object's X-Object-Manifest
/// set by another client stay only because objsh sends them again; a static large object
/// stays one.
final class SwiftMetadataTests: XCTestCase {
    private var store: SwiftStore?
    private let container = ContractFixture.uniquePrefix() + "meta"

    override func setUp() async throws {
        let store = try SwiftStore(endpoint: try TestServer.endpoint(), name: "test")
        self.store = store
        try await store.createContainer(container)
    }

    override func tearDown() async throws {
        await store?.shutdown()
    }

    /// PUT as another client would, with `headers`.
    func put(_ name: String, _ body: [UInt8], _ headers: HTTPHeaders, query: [(name: String, value: String)] = []) async throws {
        let response = try await XCTUnwrap(store).send(
            .PUT, path: try SwiftStore.objectPath(container, name), query: query, headers: headers, body: { .bytes(body) })
        XCTAssertEqual(response.status, 201, response.errorText)
    }

    func testExpiryEncodingAndADynamicManifestAreKept() async throws {
        let store = try XCTUnwrap(store)
        try await put("seg/1", Array("abc".utf8), [:])
        try await put("seg/2", Array("def".utf8), [:])
        let deleteAt = String(Int(Date().timeIntervalSince1970) + 86_400 * 365)
        try await put(
            "dlo", [],
            [
                "X-Object-Manifest": "\(container)/seg/", "X-Delete-At": deleteAt, "Content-Encoding": "identity",
                "X-Object-Meta-Keep": "kept", "Content-Type": "text/plain",
            ])
        let head = try await store.objectInfo(container: container, name: "dlo")
        XCTAssertEqual(head.largeObject, .dynamicManifest("\(container)/seg/"))
        _ = try await store.updateMetadata(head, change: MetadataChange(set: ["color": "red"], contentType: "text/x-objsh"))
        let after = try await store.objectInfo(container: container, name: "dlo")
        XCTAssertEqual(after.metadata, ["Keep": "kept", "Color": "red"])
        XCTAssertEqual(after.contentType, "text/x-objsh")
        XCTAssertEqual(after.largeObject, .dynamicManifest("\(container)/seg/"), "the DLO became a plain object")
        XCTAssertEqual(after.headers, head.headers)
        XCTAssertEqual(after.headers["X-Delete-At"], deleteAt)
        XCTAssertEqual(after.headers["Content-Encoding"], "identity")
        var bytes: [UInt8] = []
        _ = try await store.readObject(container: container, name: "dlo", range: nil, ifMatch: nil) { bytes += $0 }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "abcdef")
    }

    func testAStaticLargeObjectStaysOne() async throws {
        let store = try XCTUnwrap(store)
        try await put("part/1", Array(repeating: 1, count: 1_048_576), [:])
        try await put("part/2", Array("end".utf8), [:])
        let manifest = "[{\"path\": \"/\(container)/part/1\"}, {\"path\": \"/\(container)/part/2\"}]"
        try await put("slo", Array(manifest.utf8), ["Content-Type": "application/x-objsh"], query: [("multipart-manifest", "put")])
        let head = try await store.objectInfo(container: container, name: "slo")
        XCTAssertEqual(head.largeObject, .staticManifest)
        _ = try await store.updateMetadata(head, change: MetadataChange(set: ["color": "red"]))
        let after = try await store.objectInfo(container: container, name: "slo")
        XCTAssertEqual(after.largeObject, .staticManifest)
        XCTAssertEqual(after.etag, head.etag)
        XCTAssertEqual(after.bytes, 1_048_579)
        XCTAssertEqual(after.metadata, ["Color": "red"])
        XCTAssertEqual(after.contentType, "application/x-objsh")
    }
}
