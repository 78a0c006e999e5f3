import Foundation
import NIOCore
import Storage
import StorageHTTP
import XCTest

@testable import StorageOpenStack

/// Hostile or broken server answers (listings, manifests, bulk-delete results, /info):
/// mutated valid JSON is either read or refused with a `StorageError`, never a crash.
final class SwiftDecodingFuzzTests: XCTestCase {
    static let samples = [
        #"[{"name": "a\u001b[2Jb", "bytes": 3, "hash": "x", "content_type": "text/plain", "last_modified": "2024-06-01T12:00:00.000000"}, {"subdir": "f/"}]"#,
        #"[{"name": "big", "bytes": 10, "hash": "h", "slo_etag": "\"e\"", "content_type": "a/b", "last_modified": "2024-06-01T12:00:00"}]"#,
        #"[{"name": "/c_segments/s1", "bytes": 5, "hash": "317a2e5c7bf5f910f6e1f0c806c8db20"}, {"name": "/c/x", "bytes": 1, "sub_slo": true}]"#,
        #"{"Response Status": "200 OK", "Number Deleted": 2, "Errors": [["/c/a", "409 Conflict"], ["/c/b", "Not an SLO manifest"]]}"#,
        #"{"swift": {"max_file_size": 5368709122}, "slo": {"min_segment_size": 1, "max_manifest_segments": 1000}, "bulk_delete": {"max_deletes_per_request": 10000}}"#,
    ]

    func testMutatedAnswersAreReadOrRefused() throws {
        var state: UInt64 = 42
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        let runs = ProcessInfo.processInfo.environment["OBJSH_FUZZ_INPUTS"].flatMap(Int.init) ?? 50_000
        let odd: [[UInt8]] = [
            [0], [0xFF], [0xC3], Array("\"".utf8), Array("{".utf8), Array("]".utf8), Array("1e999".utf8),
            Array("-1".utf8), Array("null".utf8), Array("\\u0000".utf8), Array("\\ud800".utf8), [0x1B, 0x5B],
        ]
        for _ in 0..<runs {
            var bytes = Array(Self.samples[next() % Self.samples.count].utf8)
            for _ in 0...(next() % 4) {
                let position = next() % (bytes.count + 1)
                switch next() % 4 {
                case 0: bytes.insert(contentsOf: odd[next() % odd.count], at: position)
                case 1 where position < bytes.count: bytes.remove(at: position)
                case 2: bytes = Array(bytes.prefix(position))
                default: if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: next()) }
                }
            }
            let response = HTTPExchangeResponse(status: 200, headers: [:], body: ByteBuffer(bytes: bytes))
            for decode in [
                { _ = try SwiftStore.decode([SwiftObjectRow].self, from: response).map(\.entry) },
                { _ = try SwiftStore.decode([SwiftContainerRow].self, from: response) },
                { _ = try SwiftStore.bulkResult(response) },
                { _ = try SwiftClusterInfo(json: Data(bytes)) },
                { _ = try JSONDecoder().decode([SwiftManifestRow].self, from: Data(bytes)) },
            ] as [() throws -> Void] {
                do { try decode() } catch is StorageError {} catch is DecodingError {} catch let error as NSError
                    where error.domain == NSCocoaErrorDomain
                {}
            }
        }
    }
}
