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
    /// CA file and client certificate for TLS.
    public var tls = TLSSettings()
    /// The cluster's `proxy`: a URL, or `none`; nil follows `https_proxy` and the other variables (see `ProxyChoice`).
    public var proxy: String?
    /// Seconds to wait for a connection (`connect_timeout`); nil for the default.
    public var connectTimeout: Double?
    /// Seconds an answer may stall with no byte arriving (`read_timeout`); nil for the default.
    public var readTimeout: Double?

    public init(
        authURL: String? = nil, user: String? = nil, key: String? = nil, keyCommand: String? = nil,
        storageURL: String? = nil, token: String? = nil, insecure: Bool = false,
        connectTimeout: Double? = nil, readTimeout: Double? = nil, keystone: KeystoneSettings? = nil
    ) {
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
