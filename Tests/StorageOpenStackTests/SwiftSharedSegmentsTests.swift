import Foundation
import Storage
import StorageOpenStack
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two static large objects that share segments (a second manifest written by hand over
/// the first one's segments, as other tools do) on the real server: deleting or
/// replacing one leaves the other whole; deleting the last one takes the segments.
final class SwiftSharedSegmentsTests: XCTestCase {
    var store: SwiftStore!
    let container = "shared-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    let bytes = Array("0123456789abcdef".utf8)

    override func setUp() async throws {
        store = try SwiftStore(endpoint: try TestServer.endpoint(), name: "test")
        try await store.createContainer(container)
    }

    override func tearDown() async throws {
        for name in [container, container + "_segments"] {
            for try await page in store.objectPages(in: name) {
                for entry in page { try? await store.deleteObject(container: name, name: entry.name) }
            }
            try? await store.deleteContainer(name)
        }
        await store.shutdown()
    }

    func testDeletingOneOfTwoManifestsLeavesTheOtherWhole() async throws {
        let segments = try await upload("a", bytes)
        try putManifest("b", over: segments)
        try await store.deleteObject(container: container, name: "a")
        try await expectContent("b", bytes)
        let kept = try await segmentNames()
        XCTAssertEqual(kept.count, 4, "the shared segments stay")
        try await store.deleteObject(container: container, name: "b")
        let left = try await segmentNames()
        XCTAssertEqual(left, [], "the last manifest takes them")
    }

    func testReplacingOneOfTwoManifestsLeavesTheOtherWhole() async throws {
        let segments = try await upload("a", bytes)
        try putManifest("b", over: segments)
        _ = try await upload("a", Array("fedcba9876543210".utf8))
        try await expectContent("b", bytes)
        try await expectContent("a", Array("fedcba9876543210".utf8))
        let all = try await segmentNames()
        XCTAssertEqual(all.count, 8, "the replaced segments stay, as b names them")
    }

    // MARK: - Helpers

    /// `content` stored as `name` in segments of 4 bytes; the segments' paths.
    private func upload(_ name: String, _ content: [UInt8]) async throws -> [String] {
        let upload = try await store.beginStreamUpload(container: container, name: name, segmentBytes: 4, contentType: nil)
        var records: [SegmentRecord] = []
        for index in 0..<(content.count / 4) {
            records.append(try await upload.putSegment(index: index, bytes: Array(content[(index * 4)..<(index * 4 + 4)])))
        }
        _ = try await upload.complete(records, removingReplaced: true)
        let prefix = upload.heldAt
        return records.map { prefix + String(format: "%08d", $0.index) }
    }

    /// A manifest written by hand that names `segments` (`/CONTAINER/NAME` each).
    private func putManifest(_ name: String, over segments: [String]) throws {
        let endpoint = try TestServer.endpoint()
        let (storageURL, token) = try TestServer.login(endpoint)
        let rows = segments.map { ["path": $0] }
        var request = URLRequest(url: URL(string: "\(storageURL)/\(container)/\(name)?multipart-manifest=put")!)
        request.httpMethod = "PUT"
        request.setValue(token, forHTTPHeaderField: "X-Auth-Token")
        request.httpBody = try JSONSerialization.data(withJSONObject: rows)
        let (body, response) = try TestServer.synchronous(request)
        XCTAssertEqual(response.statusCode, 201, String(decoding: body, as: UTF8.self))
    }

    /// The object's bytes as the server serves them, fetched by hand.
    private func expectContent(_ name: String, _ content: [UInt8], line: UInt = #line) async throws {
        let (storageURL, token) = try TestServer.login(try TestServer.endpoint())
        var request = URLRequest(url: URL(string: "\(storageURL)/\(container)/\(name)")!)
        request.setValue(token, forHTTPHeaderField: "X-Auth-Token")
        let (body, response) = try TestServer.synchronous(request)
        XCTAssertEqual(response.statusCode, 200, line: line)
        XCTAssertEqual(Array(body), content, line: line)
    }

    private func segmentNames() async throws -> [String] {
        var names: [String] = []
        for try await page in store.objectPages(in: container + "_segments") { names += page.map(\.name) }
        return names
    }
}
