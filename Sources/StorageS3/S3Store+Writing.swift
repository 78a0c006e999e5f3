import AsyncHTTPClient
import Crypto
import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    /// HEAD first, so a bucket that is there already is reported (AWS answers 200 to a
    /// second CreateBucket in us-east-1); outside us-east-1 the region goes in the body.
    public func createContainer(_ name: String) async throws {
        let head = try await send(.HEAD, S3Target(bucket: name))
        if head.status == 200 { throw StorageError.containerExists(name) }
        guard head.status == 404 else { throw failure(head, bucket: name) }
        let region = region(for: name)
        let body =
            region == "us-east-1"
            ? Data()
            : Data(
                ("<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><LocationConstraint>"
                    + S3XMLText.escaped(region) + "</LocationConstraint></CreateBucketConfiguration>").utf8)
        let response = try await send(
            .PUT, S3Target(bucket: name), headers: ["Content-Length": String(body.count)],
            payloadHash: SigV4Signer.sha256Hex(body), body: { .bytes(body) })
        guard response.status == 200 else { throw failure(response, bucket: name) }
    }

    public func createFolderMarker(container: String, name: String) async throws {
        guard name.hasSuffix("/") else { throw StorageError.invalidName(name, reason: "a folder name ends with /") }
        let response = try await send(
            .PUT, S3Target(bucket: container, key: name),
            headers: ["Content-Type": ContentType.directory, "Content-Length": "0"], body: { .bytes([]) })
        guard response.status == 200 else { throw failure(response, bucket: container, key: name) }
    }

    /// One PUT with `Content-MD5`: the server keeps the object only when the bytes it got
    /// have the MD5 of the file, and its ETag is checked against it too.
    public func putObject(
        container: String, name: String, fileAt source: String, contentType: String?, attributes: UploadAttributes
    ) async throws -> ObjectInfo {
        guard !name.hasSuffix("/") else { throw StorageError.invalidName(name, reason: "an object name cannot end with /") }
        let size = try FileDigest.regularFileSize(source)
        let md5 = try FileSlice(path: source, offset: 0, length: size).md5()
        return try await put(container: container, name: name, size: size, md5: md5, contentType: contentType, attributes: attributes) {
            .stream(FileUploadBody(path: source, expectedBytes: size, digest: UploadDigest()), length: size)
        }
    }

    public func putObject(container: String, name: String, bytes: [UInt8], contentType: String?) async throws -> ObjectInfo {
        guard !name.hasSuffix("/") else { throw StorageError.invalidName(name, reason: "an object name cannot end with /") }
        let body = MemoryUploadBody(bytes, digest: UploadDigest())
        return try await put(container: container, name: name, size: Int64(bytes.count), md5: body.md5, contentType: contentType) {
            .stream(body, length: Int64(bytes.count))
        }
    }

    /// One PUT of `size` bytes whose MD5 is `md5`, which `body` sends.
    func put(
        container: String, name: String, size: Int64, md5: Insecure.MD5.Digest, contentType: String?, attributes: UploadAttributes = .none,
        body: @escaping @Sendable () -> OutgoingBody
    ) async throws -> ObjectInfo {
        let type = contentType ?? ContentType.guess(forName: name)
        let headers = try Self.attributeHeaders(
            attributes, adding: ["Content-Type": type, "Content-MD5": md5.base64, "Content-Length": String(size)])
        let response: HTTPExchangeResponse
        do {
            response = try await send(.PUT, S3Target(bucket: container, key: name), headers: headers, payloadHash: "UNSIGNED-PAYLOAD", body: body)
        } catch StorageError.io(let reason) {
            // Ceph RGW refuses a PUT into a missing bucket before it reads the body, which the
            // transport may see as a body cut short: the bucket then says what happened.
            if (try? await bucketIsMissing(container)) == true { throw StorageError.noSuchContainer(container) }
            throw StorageError.io(reason)
        }
        guard response.status == 200 else {
            if let refused = Self.refusedStorageClass(response, asked: attributes.storageClass) { throw refused }
            if S3Answers.error(Data(response.body.readableBytesView))?.code == "BadDigest" {
                throw StorageError.checksumMismatch(expected: md5.hex, actual: "another MD5 (the server refused the bytes it got)")
            }
            throw failure(response, bucket: container, key: name)
        }
        let stored = S3Answers.unquoted(response.headers.first(name: "ETag") ?? "")
        // An ETag that is an MD5 must be ours; any other (SSE-KMS, a provider's own tag)
        // proves nothing, and Content-MD5 vouched for the bytes.
        let opacity = etagOpacity(stored, headers: response.headers)
        if opacity == nil, stored.lowercased() != md5.hex {
            throw await removeStoredWrong(
                container: container, name: name, version: response.headers.first(name: "x-amz-version-id"), expected: md5.hex,
                actual: stored)
        }
        var info = ObjectInfo(
            container: container, name: name, bytes: size, contentType: type, etag: opacity == nil ? stored.lowercased() : stored,
            lastModified: response.headers.first(name: "Last-Modified").flatMap(ServerDates.http), metadata: attributes.metadata)
        info.opaqueETag = opacity
        info.storageClass = attributes.storageClass ?? "STANDARD"
        if let cacheControl = attributes.cacheControl { info.headers["Cache-Control"] = cacheControl }
        return info
    }

    /// `headers` with each of the metadata as `x-amz-meta-KEY`, but objsh's own part size
    /// (the upload writes its own), the `Cache-Control` and `x-amz-storage-class` given.
    /// S3 takes ASCII values only: any other is refused, as `meta` refuses it, rather
    /// than dropped or garbled on the way.
    static func attributeHeaders(_ attributes: UploadAttributes, adding headers: HTTPHeaders) throws -> HTTPHeaders {
        var headers = headers
        for (key, value) in attributes.metadata.sorted(by: { $0.key < $1.key }) where key.lowercased() != S3Headers.partBytesKey {
            guard value.allSatisfy(\.isASCII) else { throw StorageError.metadataRefused(.nonASCIIValue(key: key)) }
            headers.add(name: "x-amz-meta-" + key, value: value)
        }
        if let cacheControl = attributes.cacheControl { headers.add(name: "Cache-Control", value: cacheControl) }
        if let storageClass = attributes.storageClass { headers.add(name: "x-amz-storage-class", value: storageClass) }
        return headers
    }

    /// A 400 that refuses the storage class asked for (Swift's s3api: InvalidStorageClass;
    /// Ceph RGW: InvalidArgument, for a class its placement lacks), said as such.
    static func refusedStorageClass(_ response: HTTPExchangeResponse, asked storageClass: String?) -> StorageError? {
        guard response.status == 400, let storageClass,
            let code = S3Answers.error(Data(response.body.readableBytesView))?.code,
            code == "InvalidStorageClass" || code == "InvalidArgument"
        else { return nil }
        return .metadataRefused(.storageClassRefused(storageClass, code: code))
    }

    /// Why this cluster cannot take `etag` as a digest of the bytes; nil when it can.
    func etagOpacity(_ etag: String, headers: HTTPHeaders) -> OpaqueETag? {
        S3ETags.opacity(etag, headers: headers, trusted: endpoint.etagsAreMD5, provider: endpoint.effectiveProvider.rawValue)
    }
}

/// Text for an XML request body.
enum S3XMLText {
    /// `text` with `& < > " '` as entities, and CR, LF and tab as character references:
    /// a parser reads a raw CR (or CR LF) as LF, which would name another key.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r", "\n", "\t": out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether XML 1.0 can hold `text` at all (no control characters but tab, CR and LF).
    static func isRepresentable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            && !text.unicodeScalars.contains { (0xFFFE...0xFFFF).contains($0.value) }
    }
}
