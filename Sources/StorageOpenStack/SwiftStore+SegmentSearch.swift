import Crypto
import Foundation
import NIOHTTP1
import Storage

extension SwiftStore {
    /// Whether a `?multipart-manifest=get` answer is a static large object's whose
    /// server keeps the manifest to itself: Ceph RGW answers with an empty body and
    /// only the flag it keeps as metadata.
    static func hidesManifest(_ headers: HTTPHeaders) -> Bool {
        headers.first(name: "X-Static-Large-Object") == nil
            && headers.first(name: "X-Object-Meta-Static-Large-Object")?.lowercased() == "true"
    }

    /// The segments of a static large object whose server will not show its manifest,
    /// in order, found in `<container>_segments` under the names python-swiftclient and
    /// objsh give them (`NAME/slo/MTIME/SIZE/SEGMENT_SIZE/00000000`, SIZE `stream` for standard input). One upload's set
    /// is taken only when its sizes add up to the object's and its MD5s make the
    /// object's ETag, so no other upload's pieces pass for this one's. Nil when no set,
    /// or more than one, does.
    func segmentsFoundByName(container: String, name: String) async throws -> [ObjectSummary]? {
        let info = try await objectInfo(container: container, name: name)
        guard info.largeObject == .staticManifest else { return nil }
        var prefix = name + "/slo/"
        // Not the size too: a stream's segments have `stream` there (the sets are proven below).
        if let mtime = info.metadata.first(where: { $0.key.lowercased() == "mtime" })?.value { prefix += "\(mtime)/" }
        var uploads: [String: [ObjectSummary]] = [:]
        do {
            for try await page in objectPages(in: container + "_segments", prefix: prefix) {
                for case .object(let segment) in page {
                    guard let slash = segment.name.lastIndex(of: "/") else { continue }
                    uploads[String(segment.name[..<slash]), default: []].append(segment)
                }
            }
        } catch StorageError.noSuchContainer {
            return nil
        }
        let matching = uploads.values.filter { segments in
            let md5s = segments.compactMap(\.etag)
            return md5s.count == segments.count && segments.reduce(0) { $0 + $1.bytes } == info.bytes
                && LargeObjectETag.staticManifest(segmentMD5s: md5s) == info.etag
        }
        return matching.count == 1 ? matching[0] : nil
    }
}
