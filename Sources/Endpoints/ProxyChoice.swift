/// Whether a request goes through a proxy, decided as curl decides it.
///
/// The cluster's `proxy` setting, when given, replaces the variables (`none` or an
/// empty value: no proxy). Otherwise `http_proxy` serves `http://` URLs (lower case
/// only: `HTTP_PROXY` may come from a CGI request's `Proxy:` header), `https_proxy`
/// or `HTTPS_PROXY` serve `https://` URLs, and `all_proxy` or `ALL_PROXY` serve
/// both when those are unset. `no_proxy` or `NO_PROXY` then lists hosts that are
/// reached directly, whichever way the proxy was chosen (as curl applies it to `-x`).
public enum ProxyChoice: Sendable, Hashable {
    case direct
    case via(ProxyServer)
    /// The proxy URL in `setting` (a variable's name, or `proxy`) cannot be used.
    case invalid(setting: String)

    /// The choice for a request to `url`.
    public static func choose(for url: String, setting: String?, environment: [String: String]) -> ProxyChoice {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let target = Target(url: url) else { return .direct }
        let named: (name: String, url: String)?
        if let setting {
            let trimmed = setting.trimmingCharacters(in: [" ", "\t"])
            named = trimmed.isEmpty || trimmed.lowercased() == "none" ? nil : ("proxy", trimmed)
        } else {
            let names = (target.scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]) + ["all_proxy", "ALL_PROXY"]
            named = names.lazy.compactMap { name in value(name).map { (name, $0) } }.first
        }
        guard let named else { return .direct }
        if let list = value("no_proxy") ?? value("NO_PROXY"), NoProxyList(list).contains(host: target.host, port: target.port) {
            return .direct
        }
        guard let server = ProxyServer(url: named.url) else { return .invalid(setting: named.name) }
        return .via(server)
    }

    /// Scheme, host and port of a request's URL.
    struct Target {
        var scheme: String
        var host: String
        var port: Int

        init?(url: String) {
            guard let range = url.firstRange(of: "://") else { return nil }
            scheme = url[..<range.lowerBound].lowercased()
            let authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            let hostPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
            guard let (host, port) = URLAuthority.hostAndPort(hostPort, defaultPort: scheme == "https" ? 443 : 80) else { return nil }
            self.host = host
            self.port = port
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
