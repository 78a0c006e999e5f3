// The endpoint settings are part of this target's API (`ClusterEndpoint` holds them);
// re-exported so that a reader of clusters need not import the small target too.
@_exported import Endpoints

/// Where a cluster's account lives and how to reach it.
public enum ClusterEndpoint: Sendable, Equatable {
    /// The embedded `file` backend: a local directory as the account.
    case directory(path: String)
    /// An OpenStack Swift API endpoint (SoftLayer Object Storage is one).
    case swift(SwiftEndpoint)
    /// An S3-compatible endpoint.
    case s3(S3Endpoint)
}

/// A named endpoint with its credentials: one data centre of SoftLayer Object Storage,
/// a local directory, or any Swift account.
public struct Cluster: Sendable, Equatable {
    public var name: String
    public var endpoint: ClusterEndpoint
    /// Where the definition came from, for `cluster` listings (`built-in`, `config`, `env`, `command line`).
    public var origin: String
    /// `index_refresh`: an interactive session refreshes the account's index in the
    /// background when it is older than this many seconds; nil for never.
    public var indexRefresh: Int?

    public init(name: String, endpoint: ClusterEndpoint, origin: String, indexRefresh: Int? = nil) {
        self.name = name
        self.endpoint = endpoint
        self.origin = origin
        self.indexRefresh = indexRefresh
    }

    /// Which account of which endpoint this is, without secrets: what a per-account cache
    /// (the index of names) is keyed by, hashed.
    public var accountIdentity: String {
        switch endpoint {
        case .directory(let path): return "file \(path)"
        case .swift(let swift):
            let keystone = swift.keystone.map { [$0.userID, $0.projectName, $0.projectID, $0.projectDomainName].map { $0 ?? "" } } ?? []
            return (["swift", swift.authURL ?? "", swift.storageURL ?? "", swift.user ?? ""] + keystone).joined(separator: "\u{0}")
        case .s3(let s3):
            return ["s3", s3.endpoint ?? s3.effectiveEndpoint, s3.profile ?? "", s3.accessKey ?? ""].joined(separator: "\u{0}")
        }
    }

    /// A short description of the endpoint without secrets, e.g. `file ~/data`, `swift http://…/auth/v1.0` or `s3 https://…`.
    public var summary: String {
        switch endpoint {
        case .directory(let path): "file \(path)"
        case .swift(let swift): "swift \(swift.authURL ?? swift.storageURL ?? "?")"
        case .s3(let s3): "s3 \(s3.endpoint ?? (s3.profile.map { "profile \($0)" } ?? s3.effectiveEndpoint))"
        }
    }
}
