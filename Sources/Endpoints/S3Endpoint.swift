/// How a bucket is named in a request: in the path (`https://host/bucket/key`) or in
/// the host name (`https://bucket.host/key`).
public enum S3Addressing: String, Sendable, Equatable {
    case path
    case virtual
}

/// How to reach and sign in to an S3-compatible object store (AWS, Ceph RGW, MinIO,
/// IBM COS, R2, Swift's s3api…).
///
/// Keys come from the cluster itself (`accessKey` with `secretKey` or `secretCommand`),
/// or from a `profile` of `~/.aws/credentials` and `~/.aws/config`, read when the
/// cluster is opened.
public struct S3Endpoint: Sendable, Equatable {
    /// `https://host[:port]`; nil for AWS itself (`https://s3.REGION.amazonaws.com`).
    public var endpoint: String?
    /// nil for the profile's region, else `us-east-1`.
    public var region: String?
    public var accessKey: String?
    public var secretKey: String?
    /// A shell command whose standard output is the secret key.
    public var secretCommand: String?
    public var sessionToken: String?
    /// nil: virtual-hosted for AWS endpoints, path-style for any other.
    public var addressing: S3Addressing?
    /// A profile of the AWS CLI's files to take keys, region and endpoint from.
    public var profile: String?
    /// Skip TLS certificate verification.
    public var insecure: Bool
    /// CA file and client certificate for TLS.
    public var tls = TLSSettings()
    /// The cluster's `proxy`: a URL, or `none`; nil follows `https_proxy` and the other variables (see `ProxyChoice`).
    public var proxy: String?
    public var connectTimeout: Double?
    public var readTimeout: Double?
    /// The service behind the endpoint; nil: AWS for its own endpoints, else `other`.
    public var provider: S3Provider?
    /// 1 or 2 (ListObjects or ListObjectsV2); nil for the provider's.
    public var listVersion: Int?
    /// The most parts a multipart upload may have; nil for the provider's.
    public var maxParts: Int?

    public init(
        endpoint: String? = nil, region: String? = nil, accessKey: String? = nil, secretKey: String? = nil,
        secretCommand: String? = nil, sessionToken: String? = nil, addressing: S3Addressing? = nil,
        profile: String? = nil, insecure: Bool = false, connectTimeout: Double? = nil, readTimeout: Double? = nil
    ) {
        self.endpoint = endpoint
        self.region = region
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.secretCommand = secretCommand
        self.sessionToken = sessionToken
        self.addressing = addressing
        self.profile = profile
        self.insecure = insecure
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
    }

    /// Whether the endpoint holds keys of its own, or a profile to take them from.
    public var hasCredentials: Bool {
        profile != nil || (accessKey != nil && (secretKey != nil || secretCommand != nil))
    }

    /// The region requests are signed for.
    public var effectiveRegion: String { region ?? effectiveProvider.defaults.region ?? "us-east-1" }

    /// The provider set, else AWS for its own endpoints and `other` for any other.
    public var effectiveProvider: S3Provider {
        if let provider { return provider }
        guard let endpoint else { return .aws }
        let host = endpoint.split(separator: "/").dropFirst().first ?? ""
        return host.prefix { $0 != ":" }.hasSuffix("amazonaws.com") ? .aws : .other
    }

    /// ListObjects (1) or ListObjectsV2 (2).
    public var effectiveListVersion: Int { listVersion ?? effectiveProvider.defaults.listVersion }

    /// The most parts a multipart upload may have.
    public var effectiveMaxParts: Int { maxParts ?? effectiveProvider.defaults.maxParts }

    /// Whether an ETag that looks like an MD5 (or S3's MD5 of MD5s) is taken as one.
    public var etagsAreMD5: Bool { effectiveProvider.defaults.etagsAreMD5 }

    /// The endpoint URL requests go to, without a trailing slash.
    public var effectiveEndpoint: String {
        let given =
            endpoint
            ?? (effectiveRegion == "us-east-1"
                ? "https://s3.amazonaws.com"
                : "https://s3.\(effectiveRegion).amazonaws.com")
        return given.hasSuffix("/") ? String(given.dropLast()) : given
    }

    /// As set, else the provider's, else path-style unless the endpoint is AWS's own.
    public var effectiveAddressing: S3Addressing {
        if let addressing = addressing ?? effectiveProvider.defaults.addressing { return addressing }
        let host = effectiveEndpoint.split(separator: "/").dropFirst().first ?? ""
        return host.hasSuffix("amazonaws.com") ? .virtual : .path
    }
}
