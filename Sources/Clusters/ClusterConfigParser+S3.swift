extension ClusterConfigParser {
    /// Keys an S3 cluster accepts.
    static let s3Keys: Set<String> = [
        "type", "endpoint", "region", "access_key", "secret_key", "secret_command", "session_token",
        "addressing", "insecure", "profile", "connect_timeout", "read_timeout",
        "cacert", "client_cert", "client_key", "provider", "list_version", "max_parts", "proxy",
    ]

    /// An S3 cluster: keys of its own (`access_key` with `secret_key` or
    /// `secret_command`) or a `profile` of the AWS CLI's files.
    func s3Endpoint(_ section: ClusterConfigSection) throws -> S3Endpoint {
        func value(_ key: String) -> String? { section.values[key]?.value }
        var endpoint = S3Endpoint(
            endpoint: value("endpoint"), region: value("region"), accessKey: value("access_key"),
            secretKey: value("secret_key"), secretCommand: value("secret_command"),
            sessionToken: value("session_token"), profile: value("profile"),
            connectTimeout: try seconds(section, "connect_timeout"),
            readTimeout: try seconds(section, "read_timeout"))
        endpoint.tls = tlsSettings(section)
        endpoint.proxy = try proxySetting(section)
        if let flag = section.values["insecure"] {
            switch flag.value.lowercased() {
            case "true", "yes", "1": endpoint.insecure = true
            case "false", "no", "0": endpoint.insecure = false
            default: throw invalid(flag.line, "insecure is true or false, not \"\(flag.value)\"")
            }
        }
        if let style = section.values["addressing"] {
            guard let addressing = S3Addressing(rawValue: style.value.lowercased()) else {
                throw invalid(style.line, "addressing is path or virtual, not \"\(style.value)\"")
            }
            endpoint.addressing = addressing
        }
        try providerSettings(section, into: &endpoint)
        if let url = section.values["endpoint"], !(url.value.hasPrefix("http://") || url.value.hasPrefix("https://")) {
            throw invalid(url.line, "endpoint is an http:// or https:// URL, not \"\(url.value)\"")
        }
        if endpoint.secretKey != nil && endpoint.secretCommand != nil {
            throw invalid(section.values["secret_command"]!.line, "set secret_key or secret_command, not both")
        }
        guard endpoint.hasCredentials else {
            throw invalid(section.line, "cluster \(section.name) (s3) needs access_key and secret_key (or secret_command), or a profile")
        }
        return endpoint
    }

    /// `provider`, and the settings that override its defaults: `list_version`, `max_parts`.
    func providerSettings(_ section: ClusterConfigSection, into endpoint: inout S3Endpoint) throws {
        if let name = section.values["provider"] {
            guard let provider = S3Provider(rawValue: name.value.lowercased()) else {
                let known = S3Provider.allCases.map(\.rawValue).joined(separator: ", ")
                throw invalid(name.line, "provider is one of \(known), not \"\(name.value)\"")
            }
            endpoint.provider = provider
        }
        if let version = section.values["list_version"] {
            guard version.value == "1" || version.value == "2" else {
                throw invalid(version.line, "list_version is 1 or 2, not \"\(version.value)\"")
            }
            endpoint.listVersion = Int(version.value)
        }
        if let parts = section.values["max_parts"] {
            guard let count = Int(parts.value), (1...10_000).contains(count) else {
                throw invalid(parts.line, "max_parts is a whole number from 1 to 10000, not \"\(parts.value)\"")
            }
            endpoint.maxParts = count
        }
    }
}
