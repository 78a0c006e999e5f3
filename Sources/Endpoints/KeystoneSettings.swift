/// What a Keystone v3 sign-in needs beyond the auth URL, user name and password
/// (kept in `SwiftEndpoint.user`/`key`/`keyCommand`): the names python-swiftclient,
/// rclone and the openstack client use.
public struct KeystoneSettings: Sendable, Equatable {
    public var userID: String?
    public var userDomainName: String?
    public var userDomainID: String?
    public var projectName: String?
    public var projectID: String?
    public var projectDomainName: String?
    public var projectDomainID: String?
    /// The catalog region of the object-store endpoint; nil takes the only one, or the first.
    public var region: String?
    /// `public` (default), `internal` or `admin`.
    public var interface: String
    public var applicationCredentialID: String?
    public var applicationCredentialName: String?
    public var applicationCredentialSecret: String?
    /// A shell command whose standard output is the application credential's secret.
    public var applicationCredentialSecretCommand: String?

    public init(interface: String = "public") {
        self.interface = interface
    }

    /// Whether an application credential (an ID, or a name with a user) and its secret are set.
    public var hasApplicationCredential: Bool {
        let secret = applicationCredentialSecret != nil || applicationCredentialSecretCommand != nil
        return secret && (applicationCredentialID != nil || applicationCredentialName != nil)
    }

    /// `public`, `internal` or `admin` from the spellings clients accept (`publicURL`, `internalURL`…).
    public static func interfaceName(_ value: String) -> String? {
        let lower = value.lowercased()
        let name = lower.hasSuffix("url") ? String(lower.dropLast(3)) : lower
        return ["public", "internal", "admin"].contains(name) ? name : nil
    }

    /// The auth version a URL implies: 3 for a path ending in `/v3`, else nil.
    public static func impliedVersion(of authURL: String) -> Int? {
        var path = authURL
        while path.hasSuffix("/") { path.removeLast() }
        return path.lowercased().hasSuffix("/v3") ? 3 : nil
    }
}
