/// A proxy server as a URL names it: `http://[user:password@]host[:port]` or
/// `socks5://host[:port]`; with no scheme, `http://` (as curl reads it).
public struct ProxyServer: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// An HTTP proxy, reached by CONNECT.
        case http
        /// A SOCKS5 proxy (`socks5://` or `socks5h://`), without credentials.
        case socks5
    }

    public var kind: Kind
    public var host: String
    public var port: Int
    public var user: String?
    public var password: String?

    public init(kind: Kind = .http, host: String, port: Int, user: String? = nil, password: String? = nil) {
        self.kind = kind
        self.host = host
        self.port = port
        self.user = user
        self.password = password
    }

    /// The proxy a URL names, or nil for a URL that names none objsh can use (an
    /// `https://` proxy, a port that is not a number, credentials for SOCKS).
    public init?(url text: String) {
        var rest = Substring(text.trimmingSpacesAndTabs())
        var kind = Kind.http
        if let range = rest.firstRange(of: "://") {
            switch rest[..<range.lowerBound].lowercased() {
            case "http": kind = .http
            case "socks5", "socks5h": kind = .socks5
            default: return nil
            }
            rest = rest[range.upperBound...]
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var credentials: Substring?
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            credentials = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
        }
        // curl's default proxy port is 1080 for every kind.
        guard let (host, port) = URLAuthority.hostAndPort(hostPort, defaultPort: 1080), !host.isEmpty else { return nil }
        self.init(kind: kind, host: host, port: port)
        if let credentials {
            guard kind == .http else { return nil }
            let parts = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            user = URLAuthority.percentDecoded(parts[0])
            password = parts.count > 1 ? URLAuthority.percentDecoded(parts[1]) : nil
        }
    }

    /// `host:port`, brackets around an IPv6 address.
    public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The proxy as it may be shown: its credentials, if any, redacted.
    public var redacted: String {
        "\(kind.rawValue)://" + (user == nil && password == nil ? "" : "<redacted>@") + address
    }
}

/// The pieces of a URL's authority, for proxies and the hosts they serve.
enum URLAuthority {
    /// Host (lower-cased, without IPv6 brackets) and port of `host[:port]` or `[v6][:port]`.
    static func hostAndPort(_ text: Substring, defaultPort: Int) -> (String, Int)? {
        var host = text
        var portText: Substring?
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        let port = portText == nil ? defaultPort : Int(portText ?? "")
        guard let port, (1...65535).contains(port) else { return nil }
        return (host.lowercased(), port)
    }

    /// `%XX` escapes decoded, as a URL's user and password are written.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension StringProtocol {
    fileprivate func trimmingSpacesAndTabs() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
