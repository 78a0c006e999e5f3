import AsyncHTTPClient
import Endpoints
import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

/// Where one S3 request goes: the bucket (nil for the service), the key (nil for the
/// bucket itself) and the query.
struct S3Target: Sendable {
    var bucket: String?
    var key: String?
    var query: [(name: String, value: String)] = []
}

extension S3Store {
    /// Sends a request and reads its whole (small) answer. A redirect that names the
    /// bucket's region is sent once more, signed for that region.
    func send(
        _ method: HTTPMethod, _ target: S3Target, headers: HTTPHeaders = [:], payloadHash: String = SigV4Signer.emptyPayloadHash,
        repeatable: Bool = false, body: (@Sendable () throws -> OutgoingBody)? = nil
    ) async throws -> HTTPExchangeResponse {
        func signed() throws -> HTTPExchangeRequest {
            var signed = try request(method, target, headers: headers, payloadHash: payloadHash, body: body)
            signed.isRepeatable = repeatable
            return signed
        }
        var response = try await exchange.send(try signed())
        if learnRegion(from: response.status, response.headers, bucket: target.bucket) {
            response = try await exchange.send(try signed())
        }
        return response
    }

    /// As `send`, for an answer whose body may be large: it comes back unread.
    func open(_ method: HTTPMethod, _ target: S3Target, headers: HTTPHeaders = [:]) async throws -> HTTPClientResponse {
        let response = try await exchange.open(try request(method, target, headers: headers, payloadHash: SigV4Signer.emptyPayloadHash, body: nil))
        if learnRegion(from: Int(response.status.code), response.headers, bucket: target.bucket) {
            _ = await response.collected(upTo: 1 << 16)
            return try await exchange.open(try request(method, target, headers: headers, payloadHash: SigV4Signer.emptyPayloadHash, body: nil))
        }
        return response
    }

    /// Whether an answer redirects to another region the bucket was not yet known to be in.
    private func learnRegion(from status: Int, _ headers: HTTPHeaders, bucket: String?) -> Bool {
        guard status == 301 || status == 400, let bucket, let region = headers.first(name: "x-amz-bucket-region"),
            !region.isEmpty, region != self.region(for: bucket)
        else { return false }
        bucketRegions.withLock { $0[bucket] = region }
        return true
    }

    /// The signed request for `target`.
    func request(
        _ method: HTTPMethod, _ target: S3Target, headers: HTTPHeaders, payloadHash: String,
        body: (@Sendable () throws -> OutgoingBody)?
    ) throws -> HTTPExchangeRequest {
        let (base, host, path) = try location(target)
        let now = Date()
        var signed: [(name: String, value: String)] = [
            ("host", host), ("x-amz-date", SigV4Signer.amzDate(now)),
            ("x-amz-content-sha256", payloadHash),
        ]
        let keys = try signingCredentials()
        if let token = keys.sessionToken { signed.append(("x-amz-security-token", token)) }
        for (name, value) in headers where name.lowercased().hasPrefix("x-amz-") || name.lowercased() == "content-md5" {
            signed.append((name.lowercased(), value))
        }
        let signer = SigV4Signer(credentials: keys, region: region(for: target.bucket))
        let authorization = signer.authorization(
            SigV4Request(
                method: method.rawValue, path: path, query: target.query,
                headers: signed, payloadHash: payloadHash), date: now)
        var all = headers
        for (name, value) in signed where all.first(name: name) == nil { all.add(name: name, value: value) }
        all.replaceOrAdd(name: "Authorization", value: authorization)
        let query = SigV4Encoding.canonicalQuery(target.query)
        return HTTPExchangeRequest(method: method, url: base + path + (query.isEmpty ? "" : "?" + query), headers: all, makeBody: body)
    }

    /// `scheme://host[:port]`, the host header, and the encoded path for `target`,
    /// path-style or virtual-hosted.
    func location(_ target: S3Target) throws -> (base: String, host: String, path: String) {
        if let bucket = target.bucket { try Self.checkBucketName(bucket) }
        if let key = target.key { try Self.checkKey(key) }
        var endpointURL = endpoint.effectiveEndpoint
        if endpoint.endpoint == nil, let bucket = target.bucket, let region = bucketRegions.withLock({ $0[bucket] }) {
            endpointURL = S3Endpoint(region: region).effectiveEndpoint
        }
        guard let schemeEnd = endpointURL.range(of: "://") else { throw StorageError.invalidName(endpointURL, reason: "not a URL") }
        let scheme = endpointURL[..<schemeEnd.upperBound]
        let rest = endpointURL[schemeEnd.upperBound...]
        var host = String(rest.prefix { $0 != "/" })
        let basePath = String(rest.dropFirst(host.count))
        let key = target.key.map { "/" + SigV4Encoding.encode($0, keepingSlashes: true) } ?? ""
        var path: String
        if let bucket = target.bucket, endpoint.effectiveAddressing == .virtual, Self.isVirtualHostable(bucket) {
            host = bucket + "." + host
            path = basePath + (key.isEmpty ? "/" : key)
        } else if let bucket = target.bucket {
            path = basePath + "/" + SigV4Encoding.encode(bucket) + key
        } else {
            path = basePath.isEmpty ? "/" : basePath
        }
        if path.isEmpty { path = "/" }
        return (scheme + Self.connectableHost(host), host, path)
    }

    /// Where to connect for `host`: a name under `.localhost` is the loopback (RFC 6761
    /// §6.3), as curl has it, even where the system's resolver (glibc) does not know
    /// `bucket.localhost`; the Host header, and so the signature, keep the bucket.
    static func connectableHost(_ host: String) -> String {
        let name = host.prefix { $0 != ":" }
        guard name.lowercased().hasSuffix(".localhost") else { return host }
        return "localhost" + host.dropFirst(name.count)
    }

    /// A bucket name can go in a host name: lower-case letters, digits and `-`, no dots
    /// (a dot breaks the TLS wildcard certificate).
    static func isVirtualHostable(_ bucket: String) -> Bool {
        !bucket.isEmpty && bucket.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }
    }

    static func checkBucketName(_ bucket: String) throws {
        if bucket.isEmpty { throw StorageError.invalidName(bucket, reason: "a bucket name cannot be empty") }
        if bucket.contains("/") { throw StorageError.invalidName(bucket, reason: "a bucket name cannot contain /") }
        if bucket.utf8.count > 255 { throw StorageError.invalidName(bucket, reason: "a bucket name is at most 255 bytes") }
    }

    static func checkKey(_ key: String) throws {
        if key.isEmpty { throw StorageError.invalidName(key, reason: "an object name cannot be empty") }
        if key.utf8.count > 1024 { throw StorageError.invalidName(key, reason: "an object name is at most 1024 bytes") }
        if key.utf8.contains(0) { throw StorageError.invalidName(key, reason: "a name cannot contain NUL") }
    }
}
