import Crypto
import Foundation
import Storage

/// The keys that sign requests: an access key with its secret, and a session token
/// for temporary credentials.
public struct SigV4Credentials: Sendable, Equatable {
    public var accessKey: String
    public var secretKey: String
    public var sessionToken: String?

    public init(accessKey: String, secretKey: String, sessionToken: String? = nil) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken
    }
}

/// One request as SigV4 sees it. `path` is the canonical URI, already encoded (for
/// S3: each key byte once, slashes kept); `headers` are every header to sign, `host`
/// and `x-amz-date` among them.
public struct SigV4Request: Sendable {
    public var method: String
    public var path: String
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    /// The hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`.
    public var payloadHash: String

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)], payloadHash: String
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.payloadHash = payloadHash
    }
}

/// AWS Signature Version 4 (header or query-string authorization) over swift-crypto's HMAC-SHA256.
public struct SigV4Signer: Sendable {
    public let credentials: SigV4Credentials
    public let region: String
    public let service: String

    public init(credentials: SigV4Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The hex SHA-256 of an empty body.
    public static let emptyPayloadHash = sha256Hex(Data())

    /// The `Authorization` header's value for `request`, signed at `date` (which must
    /// be the request's `x-amz-date`).
    public func authorization(_ request: SigV4Request, date: Date) -> String {
        let (names, _) = Self.canonicalHeaders(request.headers)
        let scope = scope(date)
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKey)/\(scope), SignedHeaders=\(names), "
            + "Signature=\(signature(request, date: date))"
    }

    /// The query of a presigned URL for `request` (query-string authorization), valid
    /// `lifetime` seconds from `date`: the request's own query, then the `X-Amz-*`
    /// parameters, the signature last. Its headers (normally `host` alone) are the
    /// signed ones; its payload hash is normally `UNSIGNED-PAYLOAD`.
    public func presignedQuery(_ request: SigV4Request, date: Date, lifetime: Int) -> [(name: String, value: String)] {
        var signed = request
        signed.query += [
            ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"), ("X-Amz-Credential", "\(credentials.accessKey)/\(scope(date))"),
            ("X-Amz-Date", Self.amzDate(date)), ("X-Amz-Expires", String(lifetime)),
            ("X-Amz-SignedHeaders", Self.canonicalHeaders(request.headers).names),
        ]
        if let token = credentials.sessionToken { signed.query.append(("X-Amz-Security-Token", token)) }
        return signed.query + [("X-Amz-Signature", signature(signed, date: date))]
    }

    /// The hex signature of `request`.
    public func signature(_ request: SigV4Request, date: Date) -> String {
        let key = signingKey(day: Self.stamp(date).day)
        let mac = HMAC<SHA256>.authenticationCode(for: Data(stringToSign(request, date: date).utf8), using: key)
        return mac.hex
    }

    /// Method, URI, query, headers, signed header names and payload hash, one a line.
    public func canonicalRequest(_ request: SigV4Request) -> String {
        let (names, lines) = Self.canonicalHeaders(request.headers)
        return [request.method, request.path, SigV4Encoding.canonicalQuery(request.query), lines, names, request.payloadHash]
            .joined(separator: "\n")
    }

    /// The algorithm, the time, the scope and the canonical request's hash.
    public func stringToSign(_ request: SigV4Request, date: Date) -> String {
        ["AWS4-HMAC-SHA256", Self.stamp(date).time, scope(date), Self.sha256Hex(Data(canonicalRequest(request).utf8))]
            .joined(separator: "\n")
    }

    /// `x-amz-date`'s form of `date`: `20150830T123600Z`.
    public static func amzDate(_ date: Date) -> String { stamp(date).time }

    public static func sha256Hex(_ data: some DataProtocol) -> String { SHA256.hash(data: data).hex }

    private func scope(_ date: Date) -> String { "\(Self.stamp(date).day)/\(region)/\(service)/aws4_request" }

    private func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data(("AWS4" + credentials.secretKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// Lower-case names sorted and joined with `;`, and `name:value` lines: values
    /// trimmed, runs of spaces made one, repeated names joined with `,`.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (names: String, lines: String) {
        var values: [String: [String]] = [:]
        for (name, value) in headers {
            let folded = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            values[name.lowercased(), default: []].append(folded)
        }
        let names = values.keys.sorted()
        let lines = names.map { "\($0):\(values[$0]!.joined(separator: ","))\n" }.joined()
        return (names.joined(separator: ";"), lines)
    }

    private static func stamp(_ date: Date) -> (time: String, day: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
        return (day + String(format: "T%02d%02d%02dZ", parts.hour!, parts.minute!, parts.second!), day)
    }
}
