import Foundation
import Storage

/// What S3's XML answers say, read from the element tree.
enum S3Answers {
    /// An S3 error body: `<Error><Code>…</Code><Message>…</Message>…</Error>`.
    struct ErrorBody: Equatable {
        var code: String
        var message: String
        /// The region a `AuthorizationHeaderMalformed` or `PermanentRedirect` names.
        var region: String?
    }

    /// One page of ListObjectsV2.
    struct ObjectPage {
        var objects: [ObjectSummary]
        var prefixes: [String]
        var isTruncated: Bool
        var nextContinuationToken: String?
        /// Where a truncated V1 page goes on: NextMarker, else (AWS gives it only with a
        /// delimiter) the last key or common prefix of the page.
        var nextMarker: String?
    }

    static func error(_ data: Data) -> ErrorBody? {
        guard let root = XMLNode.parse(data), root.name == "Error", let code = root.text("Code") else { return nil }
        return ErrorBody(code: code, message: root.text("Message") ?? "", region: root.text("Region"))
    }

    /// The bucket names of ListBuckets, in the server's order.
    static func buckets(_ data: Data) throws -> [String] {
        let root = try document(data, expecting: "ListAllMyBucketsResult")
        return root.child("Buckets")?.children("Bucket").compactMap { $0.text("Name") } ?? []
    }

    static func objectPage(_ data: Data) throws -> ObjectPage {
        let root = try document(data, expecting: "ListBucketResult")
        let key = keyDecoder(root)
        let objects = root.children("Contents").map { item in
            let name = key(item.text("Key") ?? "")
            let etag = unquoted(item.text("ETag") ?? "")
            return ObjectSummary(
                name: name, bytes: Int64(item.text("Size") ?? "") ?? 0,
                contentType: name.hasSuffix("/") ? ContentType.directory : ContentType.guess(forName: name),
                lastModified: item.text("LastModified").flatMap(ServerDates.iso8601), etag: etag.isEmpty ? nil : etag,
                isLargeObject: etag.contains("-"))
        }
        let prefixes = root.children("CommonPrefixes").compactMap { $0.text("Prefix").map(key) }
        let last = (objects.map(\.name) + prefixes).max { $0.precedesInByteOrder($1) }
        return ObjectPage(
            objects: objects, prefixes: prefixes, isTruncated: root.text("IsTruncated") == "true",
            nextContinuationToken: root.text("NextContinuationToken"),
            nextMarker: root.text("NextMarker").flatMap { $0.isEmpty ? nil : key($0) } ?? last)
    }

    /// How a listing's keys read: percent-encoded (a space as `+`) when the server
    /// honoured `encoding-type=url` and says so, as they are otherwise. XML 1.0 cannot
    /// carry a key holding a control character: s3api answers 500 without the encoding.
    static func keyDecoder(_ root: XMLNode) -> @Sendable (String) -> String {
        guard root.text("EncodingType") == "url" else { return { $0 } }
        return { encoded in
            let spaced = encoded.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? encoded
        }
    }

    /// The root element, checked by name; a body that is not it says so. `…Result` may
    /// come as `…Response` (moto's ListParts and CompleteMultipartUpload; AWS's SDKs
    /// do not look at the root's name, so servers tested only with them vary).
    static func document(_ data: Data, expecting name: String, or other: String? = nil) throws -> XMLNode {
        if XMLNode.declaresDocumentType(data) {
            throw StorageError.invalidResponse("the answer declares a DOCTYPE (expected \(name)); its entities are not expanded")
        }
        guard let root = XMLNode.parse(data) else {
            throw StorageError.invalidResponse("the answer is not XML (expected \(name))")
        }
        let alias = name.hasSuffix("Result") ? name.dropLast("Result".count) + "Response" : name
        guard root.name == name || root.name == alias || root.name == other else {
            throw StorageError.invalidResponse("the answer is <\(root.name)>, not the <\(name)> expected")
        }
        return root
    }

    /// An ETag without its quotes.
    static func unquoted(_ etag: String) -> String {
        etag.count >= 2 && etag.hasPrefix("\"") && etag.hasSuffix("\"") ? String(etag.dropFirst().dropLast()) : etag
    }
}
