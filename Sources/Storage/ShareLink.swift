import Foundation

/// What a share link lets whoever holds it do with one object.
public enum ShareMethod: String, Sendable, Equatable {
    /// Read the object.
    case get = "GET"
    /// Store the object (upload, or overwrite).
    case put = "PUT"
}

/// A URL that works without credentials for one object and one method, until it expires.
public struct ShareLink: Sendable, Equatable {
    public let url: String
    public let method: ShareMethod
    /// The last moment the server takes the link.
    public let expires: Date

    public init(url: String, method: ShareMethod, expires: Date) {
        self.url = url
        self.method = method
        self.expires = expires
    }
}

/// What a share link asks for: the object, the method and how long it lasts. `signedAt`
/// is when it is signed; tests give a moment in the past to get a link already expired.
public struct ShareRequest: Sendable, Equatable {
    public var container: String
    public var name: String
    public var method: ShareMethod
    /// Seconds from `signedAt` to the link's expiry.
    public var lifetime: Int
    public var signedAt: Date

    public init(container: String, name: String, method: ShareMethod, lifetime: Int, signedAt: Date = Date()) {
        self.container = container
        self.name = name
        self.method = method
        self.lifetime = lifetime
        self.signedAt = signedAt
    }

    /// When the link stops working.
    public var expires: Date { Date(timeIntervalSince1970: (signedAt.timeIntervalSince1970 + Double(lifetime)).rounded(.down)) }
}

/// Why no share link (or no key for one) can be made; nothing was changed.
public enum ShareRefusal: Sendable, Equatable {
    /// The store makes no links (the file store); its kind.
    case notShareable(store: String)
    /// The Swift account has no `Temp-URL-Key` (nor `-2`) to sign with.
    case noKey
    /// The lifetime asked for is past the store's limit, in seconds.
    case tooLong(limit: Int)
    /// The cluster's `/info` lists no `tempurl` middleware.
    case notOffered
    /// The cluster's tempurl takes other methods only; the method asked for.
    case methodNotAllowed(ShareMethod)
    /// The store signs links with the cluster's own credentials: there is no key to set.
    case noKeyToSet(store: String)
}
