extension ClusterConfigParser {
    /// Keys an S3 cluster accepts.
    static let s3Keys: Set<String> = [
        "type", "endpoint", "region", "access_key", "secret_key", "secret_command", "session_token",
        "addressing", "insecure", "profile", "connect_timeout", "read_timeout",
        "cacert", "client_cert", "client_key", "proxy",
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
}
