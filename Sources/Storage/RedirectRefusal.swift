/// Why objsh would not follow a server's redirect, as data: the words and the exit
/// class are chosen where errors become text. A request carries credentials made for
/// one origin (scheme, host and port), so it goes to no other.
public struct RedirectRefusal: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The redirect leads to another host or port.
        case otherHost
        /// The redirect leads from https to plain http.
        case plainHTTP
        /// The server went on redirecting past `limit` redirects (a loop).
        case tooMany(limit: Int)
    }

    /// Where the refused redirect came from: `host:port` (`scheme://host:port` for `.plainHTTP`).
    public var from: String
    /// Where it leads, in the same form.
    public var to: String
    public var reason: Reason

    public init(from: String, to: String, reason: Reason) {
        self.from = from
        self.to = to
        self.reason = reason
    }
}
