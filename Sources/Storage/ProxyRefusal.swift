/// Why a request could not go through its proxy, as data: the words and the exit
/// class are chosen where errors become text. The proxy is named without credentials.
public struct ProxyRefusal: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The setting (`proxy`, `https_proxy`…) names no proxy objsh can use.
        case unusableSetting(String)
        /// No connection to the proxy (its words: refused, timed out, no such host).
        case unreachable(String)
        /// The proxy asked for credentials (407): those in its URL, if any, were refused.
        case authenticationRequired(credentialsGiven: Bool)
        /// The proxy would not open a tunnel to the server; its status, when it gave one.
        case tunnelRefused(status: Int?)
    }

    /// The proxy, `http://host:port` with any credentials redacted; empty for an unusable setting.
    public var proxy: String
    /// `host:port` of the server the request was for.
    public var target: String
    public var reason: Reason

    public init(proxy: String, target: String, reason: Reason) {
        self.proxy = proxy
        self.target = target
        self.reason = reason
    }
}
