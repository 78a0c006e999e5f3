/// Where a cluster's account lives and how to reach it.
public enum ClusterEndpoint: Sendable, Equatable {
    /// The embedded `file` backend: a local directory as the account.
    case directory(path: String)
    /// An OpenStack Swift API endpoint (SoftLayer Object Storage is one).
    case swift(SwiftEndpoint)
}

/// How to reach and authenticate to an OpenStack Swift account.
///
/// Either auth v1 (`authURL` with `user` and `key` or `keyCommand`), Keystone v3
/// (`keystone` set: `user` and `key` are then the user name and password), or a
/// pre-issued `storageURL` with its `token`.
public struct SwiftEndpoint: Sendable, Equatable {
    public var authURL: String?
    /// The user name (auth v1, or Keystone's `username`).
    public var user: String?
    /// The key (auth v1) or Keystone password.
    public var key: String?
    /// A shell command whose standard output is the key, so secrets need not sit in a file.
    public var keyCommand: String?
    /// Keystone v3 sign-in settings; nil for auth v1.
    public var keystone: KeystoneSettings?
    public var storageURL: String?
    public var token: String?
    /// Skip TLS certificate verification (`--insecure`).
    public var insecure: Bool
    /// Seconds to wait for a connection (`connect_timeout`); nil for the default.
    public var connectTimeout: Double?
    /// Seconds an answer may stall with no byte arriving (`read_timeout`); nil for the default.
    public var readTimeout: Double?

    public init(authURL: String? = nil, user: String? = nil, key: String? = nil, keyCommand: String? = nil,
                storageURL: String? = nil, token: String? = nil, insecure: Bool = false,
                connectTimeout: Double? = nil, readTimeout: Double? = nil, keystone: KeystoneSettings? = nil) {
        self.authURL = authURL
        self.keystone = keystone
        self.user = user
        self.key = key
        self.keyCommand = keyCommand
        self.storageURL = storageURL
        self.token = token
        self.insecure = insecure
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
    }

    /// Whether the endpoint holds what a sign-in needs (so a refused token can be replaced).
    public var canSignIn: Bool {
        guard authURL != nil else { return false }
        let hasKey = key != nil || keyCommand != nil
        guard let keystone else { return user != nil && hasKey }
        return keystone.hasApplicationCredential || ((user != nil || keystone.userID != nil) && hasKey)
            || (token != nil && storageURL == nil)
    }
}

/// A named endpoint with its credentials: one data centre of SoftLayer Object Storage,
/// a local directory, or any Swift account.
public struct Cluster: Sendable, Equatable {
    public var name: String
    public var endpoint: ClusterEndpoint
    /// Where the definition came from, for `cluster` listings (`built-in`, `config`, `env`, `command line`).
    public var origin: String

    public init(name: String, endpoint: ClusterEndpoint, origin: String) {
        self.name = name
        self.endpoint = endpoint
        self.origin = origin
    }

    /// A short description of the endpoint without secrets, e.g. `file ~/data` or `swift http://…/auth/v1.0`.
    public var summary: String {
        switch endpoint {
        case .directory(let path): "file \(path)"
        case .swift(let swift): "swift \(swift.authURL ?? swift.storageURL ?? "?")"
        }
    }
}
